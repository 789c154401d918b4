import { describe } from './descriptor.ts';
import type {
  appointmentSetupEndpoint,
  calendarEndpoint,
  saveServiceEndpoint,
  setExceptionEndpoint,
  setHoursEndpoint,
  staffBookEndpoint,
  staffCancelEndpoint,
  staffMarkEndpoint,
  staffMoveEndpoint,
  staffSlotsEndpoint,
} from './staff-appointments.ts';

/** The browser's descriptors of the appointments console's endpoints (zod-free). */
export const appointmentSetup = describe<typeof appointmentSetupEndpoint>(
  'GET',
  '/staff-api/appointments/setup',
);
export const saveService = describe<typeof saveServiceEndpoint>(
  'POST',
  '/staff-api/appointments/services/save',
);
export const setHours = describe<typeof setHoursEndpoint>('POST', '/staff-api/appointments/hours');
export const setException = describe<typeof setExceptionEndpoint>(
  'POST',
  '/staff-api/appointments/exceptions',
);
export const calendar = describe<typeof calendarEndpoint>('GET', '/staff-api/appointments/calendar');
export const staffSlots = describe<typeof staffSlotsEndpoint>('GET', '/staff-api/appointments/slots');
export const staffBook = describe<typeof staffBookEndpoint>('POST', '/staff-api/appointments/book');
export const staffMove = describe<typeof staffMoveEndpoint>('POST', '/staff-api/appointments/move');
export const staffCancel = describe<typeof staffCancelEndpoint>('POST', '/staff-api/appointments/cancel');
export const staffMark = describe<typeof staffMarkEndpoint>('POST', '/staff-api/appointments/mark');

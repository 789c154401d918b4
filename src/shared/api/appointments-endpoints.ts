import type {
  appointmentsEndpoint,
  bookAppointmentEndpoint,
  bookingOptionsEndpoint,
  cancelAppointmentEndpoint,
  rescheduleAppointmentEndpoint,
  slotsEndpoint,
} from './appointments.ts';
import { describe } from './descriptor.ts';

/** The browser's descriptors of the members' appointments (zod-free: see descriptor.ts). */
export const appointments = describe<typeof appointmentsEndpoint>('GET', '/api/appointments');
export const bookingOptions = describe<typeof bookingOptionsEndpoint>('GET', '/api/appointments/options');
export const slots = describe<typeof slotsEndpoint>('GET', '/api/appointments/slots');
export const bookAppointment = describe<typeof bookAppointmentEndpoint>('POST', '/api/appointments');
export const rescheduleAppointment = describe<typeof rescheduleAppointmentEndpoint>(
  'POST',
  '/api/appointments/reschedule',
);
export const cancelAppointment = describe<typeof cancelAppointmentEndpoint>(
  'POST',
  '/api/appointments/cancel',
);

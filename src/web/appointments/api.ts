import {
  appointments,
  bookAppointment,
  bookingOptions,
  cancelAppointment,
  rescheduleAppointment,
  slots,
} from '#shared/api/appointments-endpoints.ts';
import { call } from '../api.ts';

/** The calls of the member's appointments. */
export const appointmentsApi = {
  list: (signal?: AbortSignal) => call(appointments, {}, signal ? { signal } : {}),
  options: (signal: AbortSignal) => call(bookingOptions, {}, { signal }),
  slots: (input: { serviceId: string; stylistId: string; appointmentId?: string }, signal: AbortSignal) =>
    call(slots, input, { signal }),
  book: (input: { serviceId: string; stylistId: string; startsAt: string; note: string }) =>
    call(bookAppointment, input),
  reschedule: (id: string, startsAt: string) => call(rescheduleAppointment, { id, startsAt }),
  cancel: (id: string) => call(cancelAppointment, { id }),
};

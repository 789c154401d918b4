import type { RequestOf, ResponseOf } from '#shared/api/descriptor.ts';
import {
  appointmentSetup as appointmentSetupEndpoint,
  calendar as calendarEndpoint,
  staffBook as staffBookEndpoint,
  staffCancel as staffCancelEndpoint,
  staffMark as staffMarkEndpoint,
  staffMove as staffMoveEndpoint,
  staffSlots as staffSlotsEndpoint,
} from '#shared/api/staff-appointments-endpoints.ts';
import type { Failure } from '../api.ts';
import { call } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { staffAppointmentsDaDK } from '../i18n/staff-appointments-da-DK.ts';
import { type StaffAppointmentsWords, staffAppointmentsEnGB } from '../i18n/staff-appointments-en-GB.ts';
import type { StaffWords } from '../i18n/staff-en-GB.ts';
import { failureWords } from './staff-context.tsx';

export type Setup = ResponseOf<typeof appointmentSetupEndpoint>;
export type Calendar = ResponseOf<typeof calendarEndpoint>;
export type StaffAppointment = Calendar['appointments'][number];

/** The Appointments screen's calls (/staff-api; the server checks the role of each and audits every write). */
export const appointmentsConsoleApi = {
  setup: () => call(appointmentSetupEndpoint),
  calendar: (query: RequestOf<typeof calendarEndpoint>, signal?: AbortSignal) =>
    call(calendarEndpoint, query, signal ? { signal } : {}),
  slots: (serviceId: string, stylistId: string, moving: string | null, signal?: AbortSignal) =>
    call(
      staffSlotsEndpoint,
      { serviceId, stylistId, ...(moving ? { appointmentId: moving } : {}) },
      signal ? { signal } : {},
    ),
  book: (body: RequestOf<typeof staffBookEndpoint>) => call(staffBookEndpoint, body),
  move: (id: string, startsAt: string) => call(staffMoveEndpoint, { id, startsAt }),
  cancel: (id: string) => call(staffCancelEndpoint, { id }),
  mark: (id: string, status: 'arrived' | 'no-show') => call(staffMarkEndpoint, { id, status }),
};

export function useAppointmentsWords(): StaffAppointmentsWords {
  return useConfig().locale === 'da-DK' ? staffAppointmentsDaDK : staffAppointmentsEnGB;
}

/** The words for a failed call: this screen's own for the appointments' codes, else the console's. */
export function appointmentFailure(a: StaffAppointmentsWords, w: StaffWords, failure: Failure): string {
  return a.failures[failure.serverCode] ?? failureWords(w, failure);
}

import { createContext, useContext } from 'react';
import type { ErrorCode } from '#shared/api/error-codes.ts';
import type { StaffNotice } from '#shared/api/staff-members.ts';
import { roleIncludes, type StaffRole } from '#shared/domain/staff-roles.ts';
import type { Failure } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { staffDaDK } from '../i18n/staff-da-DK.ts';
import { type StaffWords, staffEnGB } from '../i18n/staff-en-GB.ts';
import type { StaffMe } from './api.ts';

/** The signed-in staff member, and how to leave or refresh. */
export interface StaffState {
  me: StaffMe;
  /** The scheme's own currency, which amounts without their own are in (the burn rate's). */
  currency: string;
  signOut: () => Promise<void>;
  /** A call answered 401: the staff session has ended. */
  sessionEnded: () => void;
}

export const StaffContext = createContext<StaffState | null>(null);

export function useStaff(): StaffState {
  const state = useContext(StaffContext);
  if (!state) throw new Error('useStaff outside the signed-in console');
  return state;
}

/** Whether the signed-in staff member's role includes `needed` (the screens hide what it does not; the server refuses it). */
export function useMayDo(needed: StaffRole): boolean {
  return roleIncludes(useStaff().me.role, needed);
}

/** The console's words, in the scheme's language. */
export function useStaffWords(): StaffWords {
  return useConfig().locale === 'da-DK' ? staffDaDK : staffEnGB;
}

/** The words for a failed call: the console's own for the server's code, else for its status; never the server's English. */
export function failureWords(w: StaffWords, failure: Failure): string {
  const f = w.failures;
  if (failure.status === 0) return f.unreachable;
  if (failure.status === 401) return f.signedOut;
  if (failure.status === 403) return f.forbidden;
  if (failure.status === 429) return f.tooMany;
  const code = failure.serverCode as ErrorCode;
  const own = f.codes[code] ?? (w.stylistCodes as Partial<Record<ErrorCode, string>>)[code];
  if (own) return own;
  if (failure.status === 404) return f.notFound;
  if (failure.status === 409) return f.conflict;
  if (failure.status >= 400 && failure.status < 500) return f.invalid;
  return f.server;
}

/** The words for what an action did, from the server's notice code and details. */
export function noticeWords(
  w: StaffWords,
  points: (n: number) => string,
  done: { notice: StaffNotice; email?: string; points?: number },
): string {
  return w.notices[done.notice]({ email: done.email ?? '', points: points(done.points ?? 0) });
}

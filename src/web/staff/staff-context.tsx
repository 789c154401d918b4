import { createContext, useContext } from 'react';
import { roleIncludes, type StaffRole } from '#shared/domain/staff-roles.ts';
import type { Failure } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { staffDaDK } from '../i18n/staff-da-DK.ts';
import { type StaffWords, staffEnGB } from '../i18n/staff-en-GB.ts';
import type { StaffMe } from './api.ts';

/** The signed-in staff member, and how to leave or refresh. */
export interface StaffState {
  me: StaffMe;
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

/** The words for a failed call: by status (the staff codes are not in the member catalogue), else the server's sentence. */
export function failureWords(w: StaffWords, failure: Failure): string {
  if (failure.status === 0) return w.failures.unreachable;
  if (failure.status === 401) return w.failures.signedOut;
  if (failure.status === 403) return w.failures.forbidden;
  if (failure.status === 429) return w.failures.tooMany;
  return w.failures.generic(failure.message);
}

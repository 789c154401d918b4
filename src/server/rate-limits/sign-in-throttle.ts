import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/database.ts';
import {
  type Alongside,
  addressOf,
  clearSlots,
  forgiveAndRelease,
  type SlotRelease,
  slotRelease,
  syncSlot,
  takeSlotSyncedLater,
} from './rate-limits.ts';

/** What a throttled sign-in is told; it points to the ways in that are never throttled. */
export function tooManySignInAttemptsMessage(magicLinksEnabled: boolean): string {
  return magicLinksEnabled
    ? 'Too many unsuccessful sign-in attempts. Please wait a few minutes and try again, or sign in with an emailed link.'
    : 'Too many unsuccessful sign-in attempts. Please wait a few minutes and try again, or reset your password.';
}

/** A password check that holds a slot of both limits; `at` names the slots. */
export interface SignInAttempt {
  email: string;
  address: string;
  at: string;
}

/**
 * Failed password sign-ins, throttled per account (the email typed, member or not, so the answer
 * never tells them apart) and per address. Every attempt takes a slot of both limits before its
 * password is checked, atomically (rate-limits.ts), so a parallel burst gets at most the limit's
 * checks; a wrong password keeps its slot (a failure), a right one gives it back. A throttled
 * attempt is not checked and takes no slot (so it cannot extend the wait): once the window moves on,
 * the member can try again. Emailed links and passkeys are never throttled by this, so the real
 * member always has a way in. A slot is committed without waiting for the disk; the attempt's
 * outcome makes it durable before the answer: succeeded() by its synchronous commit, failed() by a
 * flush (rate-limits.ts takeSlotSyncedLater), so a sign-in waits for the disk once.
 */
export function signInThrottle(ctx: AppContext) {
  const { accountFailures, addressFailures, windowMinutes } = ctx.config.signInThrottle;
  return {
    /**
     * An attempt that may check a password now, with the rows of `alongside` read in the same round
     * trip once its slots are taken (the accounts the password may be for), or the seconds to wait.
     */
    async attempt<T = never>(
      request: FastifyRequest,
      email: string,
      alongside?: Alongside,
    ): Promise<{ attempt: SignInAttempt; rows: T[] } | { waitSeconds: number }> {
      const address = addressOf(request);
      const outcome = await takeSlotSyncedLater<T>(
        ctx.db,
        [
          { bucket: 'sign-in-account', key: email, limit: accountFailures, windowMinutes },
          { bucket: 'sign-in-address', key: address, limit: addressFailures, windowMinutes },
        ],
        alongside,
      );
      return outcome.taken
        ? { attempt: { email, address, at: outcome.at }, rows: outcome.result }
        : { waitSeconds: Math.max(1, outcome.retryAfterSeconds) };
    },
    /** A wrong password: its slot stays taken, and is on disk before the member is told. */
    async failed(attempt: SignInAttempt): Promise<void> {
      await syncSlot(ctx.db, { bucket: 'sign-in-account', key: attempt.email });
    },
    /**
     * The right password: the account's failures are forgiven and the address gets its slot back
     * (only failures count against an address). Pass the sign-in's transaction to make it part of it.
     */
    async succeeded(attempt: SignInAttempt, db: Queryable = ctx.db): Promise<void> {
      await forgiveAndRelease(
        db,
        { bucket: 'sign-in-account', key: attempt.email },
        { bucket: 'sign-in-address', key: attempt.address, at: attempt.at },
      );
    },
    /** succeeded() as parameters of the session's own statement (start_session, migration 0053). */
    release(attempt: SignInAttempt): SlotRelease {
      return slotRelease(
        { bucket: 'sign-in-account', key: attempt.email },
        { bucket: 'sign-in-address', key: attempt.address, at: attempt.at },
      );
    },
    /** A completed password reset forgives the account's failures too. */
    async forgive(email: string): Promise<void> {
      await clearSlots(ctx.db, 'sign-in-account', email);
    },
  };
}

import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { hashToken } from '../sessions/tokens.ts';
import { describeUserAgent } from './user-agent.ts';
import { type StoredPasskey, verifiedCounter } from './webauthn.ts';

/** A member's stored passkey (the table passkeys). */
export interface PasskeyRow extends StoredPasskey {
  account_id: string;
  title: string;
  key_number: number;
  created_at: Date;
  last_used_at: Date | null;
  last_used_browser: string | null;
  last_used_device_vendor: string | null;
  last_used_os: string | null;
}

export type ChallengeFlow = 'registration' | 'authentication' | 'reauthentication';

/** The WebAuthn user handle: the account id's 16 bytes (no personal data, stable per member). */
export function userHandleOf(accountId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(accountId.replace(/-/g, ''), 'hex'));
}

/** The challenge the browser signed, read from the client data (verified again by the library). */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' && data.challenge.length <= 512 ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Single-use challenges bound to their flow and to a session or browser (`binding`), with the one
 * they were made for (`owner`): members' in webauthn_challenges, staff's in staff_webauthn_challenges.
 */
export function challengeStore<Flow extends string>(
  db: Queryable,
  table: 'webauthn_challenges' | 'staff_webauthn_challenges',
  ownerColumn: 'account_id' | 'staff_id',
  minutes: number,
) {
  return {
    async storeChallenge(
      challenge: string,
      flow: Flow,
      bindingHash: string,
      owner: string | null,
    ): Promise<void> {
      await db.query(`DELETE FROM ${table} WHERE expires_at < now()`);
      await db.query(
        `INSERT INTO ${table} (challenge_hash, flow, binding_hash, ${ownerColumn}, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
        [hashToken(challenge), flow, bindingHash, owner, minutes],
      );
    },

    /** Takes a challenge out of the store (single use even when what follows fails); answers its owner. */
    async takeChallenge(
      challenge: string | null,
      flow: Flow,
      bindingHash: string | null,
    ): Promise<{ owner: string | null } | null> {
      if (!challenge || !bindingHash) return null;
      const row = await queryOne<{ binding_hash: string; owner: string | null; live: boolean }>(
        db,
        `DELETE FROM ${table} WHERE challenge_hash = $1 AND flow = $2
         RETURNING binding_hash, ${ownerColumn} AS owner, expires_at > now() AS live`,
        [hashToken(challenge), flow],
      );
      if (!row?.live || row.binding_hash !== bindingHash) return null;
      return { owner: row.owner };
    },
  };
}

/**
 * What every passkey ceremony shares: rpID and origin from configuration, never from the request
 * (DESIGN security rules); single-use challenges bound to their flow and to a session or browser;
 * and the check of an assertion, whose signature counter only moves forward.
 */
export function passkeyCeremonies(ctx: AppContext) {
  const rpID = new URL(ctx.origin).hostname;
  const expectedOrigin = ctx.origin;
  const challengeMinutes = ctx.config.passkeyChallengeMinutes;

  return {
    rpID,
    expectedOrigin,
    challengeMinutes,

    ...challengeStore<ChallengeFlow>(ctx.db, 'webauthn_challenges', 'account_id', challengeMinutes),

    /**
     * Verifies an assertion made with `passkey` over `challenge` and records its use. 'refused' when
     * the signature or user verification fails, 'replayed' when the counter did not move forward (of
     * two answers with the same count, a replay or a clone, one wins).
     */
    async verifyAssertion(
      request: FastifyRequest,
      credential: AuthenticationResponseJSON,
      challenge: string,
      passkey: PasskeyRow,
    ): Promise<'verified' | 'refused' | 'replayed'> {
      const newCounter = await verifiedCounter(request, {
        credential,
        challenge,
        expectedOrigin,
        rpID,
        passkey,
      });
      if (newCounter === null) return 'refused';
      const described = describeUserAgent(request.headers['user-agent']);
      const updated = await queryOne<{ id: string }>(
        ctx.db,
        `UPDATE passkeys SET counter = $2, last_used_at = now(), last_used_browser = $3,
                last_used_device_vendor = $4, last_used_os = $5
          WHERE id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0)) RETURNING id`,
        [passkey.id, newCounter, described.browser, described.vendor, described.os],
      );
      return updated ? 'verified' : 'replayed';
    },
  };
}

import type { VerifiedRegistrationResponse } from '@simplewebauthn/server';
import type { Passkey } from '#shared/api/credentials.ts';
import type { Audit } from '../audit/audit-log.ts';
import { type Database, type Queryable, queryOne } from '../db/database.ts';
import { conflict, notFound } from '../http/errors.ts';
import { isUniqueViolation } from '../members/account-service.ts';
import type { PasskeyRow } from './passkey-ceremonies.ts';
import { defaultPasskeyTitle, describeUserAgent } from './user-agent.ts';

export const passkeyUnknownMessage =
  "We don't recognise this passkey: it may have been removed from your account.";
const passkeyAlreadyRegisteredMessage = 'This passkey is already registered to your account.';

/** SPEC §3 Passkey as the member sees it; isActiveSession marks the passkey that signed this session in. */
export function passkeyView(row: PasskeyRow, activePasskeyId: string | null): Passkey {
  return {
    _id: row.id,
    title: row.title,
    keyNumber: row.key_number,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    lastUsedBrowser: row.last_used_browser,
    lastUsedBrowserDeviceVendor: row.last_used_device_vendor,
    lastUsedBrowserOS: row.last_used_os,
    isActiveSession: row.id === activePasskeyId,
  };
}

export function passkeysOf(db: Queryable, accountId: string): Promise<PasskeyRow[]> {
  return db.query<PasskeyRow>('SELECT * FROM passkeys WHERE account_id = $1 ORDER BY key_number', [
    accountId,
  ]);
}

/** The passkey a sign-in answer names, whoever it belongs to. */
export function findPasskey(db: Queryable, credentialId: string): Promise<PasskeyRow | undefined> {
  return queryOne<PasskeyRow>(db, 'SELECT * FROM passkeys WHERE credential_id = $1', [credentialId]);
}

/** The passkey only when it is `accountId`'s: another member's, however valid, is none of this one's. */
export function findPasskeyOf(
  db: Queryable,
  accountId: string,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  return queryOne<PasskeyRow>(db, 'SELECT * FROM passkeys WHERE credential_id = $1 AND account_id = $2', [
    credentialId,
    accountId,
  ]);
}

/**
 * Stores a verified registration under the account's next key number, titled after the browser it
 * was made in. The same credential twice is a 409.
 */
export async function addPasskey(
  db: Database,
  accountId: string,
  info: NonNullable<VerifiedRegistrationResponse['registrationInfo']>,
  userAgent: string | undefined,
): Promise<PasskeyRow> {
  const described = describeUserAgent(userAgent);
  try {
    const row = await db.transaction(async (tx) => {
      const next = await queryOne<{ n: number | string }>(
        tx,
        'SELECT COALESCE(MAX(key_number), 0) + 1 AS n FROM passkeys WHERE account_id = $1',
        [accountId],
      );
      const keyNumber = Number(next?.n ?? 1);
      return queryOne<PasskeyRow>(
        tx,
        `INSERT INTO passkeys (account_id, credential_id, public_key, counter, transports, device_type,
                               backed_up, title, key_number)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        [
          accountId,
          info.credential.id,
          Buffer.from(info.credential.publicKey),
          info.credential.counter,
          JSON.stringify(info.credential.transports ?? []),
          info.credentialDeviceType,
          info.credentialBackedUp,
          defaultPasskeyTitle(described, keyNumber),
          keyNumber,
        ],
      );
    });
    if (!row) throw new Error('passkey insert returned no row');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('PasskeyExists', passkeyAlreadyRegisteredMessage);
    throw error;
  }
}

export async function renamePasskey(
  db: Queryable,
  accountId: string,
  id: string,
  title: string,
): Promise<PasskeyRow> {
  const row = await queryOne<PasskeyRow>(
    db,
    'UPDATE passkeys SET title = $3 WHERE id = $1 AND account_id = $2 RETURNING *',
    [id, accountId, title],
  );
  if (!row) throw notFound('PasskeyUnknown', passkeyUnknownMessage);
  return row;
}

/** Removes a passkey; other devices signed in with it are signed out (a lost phone), this one stays. */
export async function removePasskey(
  db: Database,
  session: { accountId: string; tokenHash: string },
  id: string,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    await tx.query('DELETE FROM sessions WHERE passkey_id = $1 AND account_id = $2 AND token_hash <> $3', [
      id,
      session.accountId,
      session.tokenHash,
    ]);
    return queryOne<{ id: string }>(
      tx,
      'DELETE FROM passkeys WHERE id = $1 AND account_id = $2 RETURNING id',
      [id, session.accountId],
    );
  });
  if (!removed) throw notFound('PasskeyUnknown', passkeyUnknownMessage);
}

/** A lost phone (staff, partner API): every session ends and every passkey goes. */
export function signOutEverywhere(
  db: Database,
  accountId: string,
  audit: Audit,
): Promise<{ sessions: number; passkeys: number }> {
  return db.transaction(async (tx) => {
    const ended = await tx.query('DELETE FROM sessions WHERE account_id = $1 RETURNING token_hash', [
      accountId,
    ]);
    const removed = await tx.query('DELETE FROM passkeys WHERE account_id = $1 RETURNING id', [accountId]);
    const result = { sessions: ended.length, passkeys: removed.length };
    await audit(tx, {
      memberId: accountId,
      change: { sessionsEnded: result.sessions, passkeysRemoved: result.passkeys },
    });
    return result;
  });
}

import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Config } from '#shared/config.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import type { AccountRow } from '../members/account-service.ts';
import { findAccountById } from '../members/account-service.ts';
import { accountView } from '../members/account-view.ts';
import { contentHash, type PassContent, passContent } from './pass-content.ts';

export interface WalletPassRow {
  serial_number: string;
  account_id: string;
  content_hash: string;
  update_seq: number | string;
  updated_at: Date;
}

/**
 * The key from which every pass's web-service authentication token is derived
 * (token = HMAC-SHA256(key, serial)): nothing token-like is stored, and all app servers share it
 * because it lives in the database. Created once.
 */
export async function passAuthKey(db: Queryable): Promise<Buffer> {
  await db.query(
    `INSERT INTO wallet_secrets (name, secret) VALUES ('pass-auth', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(32).toString('base64url')],
  );
  const row = await queryOne<{ secret: string }>(
    db,
    `SELECT secret FROM wallet_secrets WHERE name = 'pass-auth'`,
  );
  if (!row) throw new Error('wallet secret missing');
  return Buffer.from(row.secret, 'base64url');
}

export function authTokenFor(key: Buffer, serialNumber: string): string {
  return createHmac('sha256', key).update(`apple-pass:${serialNumber}`).digest('base64url');
}

/** Checks Apple's `Authorization: ApplePass <token>` header for a serial, in constant time. */
export function isAuthorised(key: Buffer, serialNumber: string, header: string | undefined): boolean {
  const match = /^ApplePass (\S+)$/.exec(header ?? '');
  if (!match?.[1]) return false;
  const expected = Buffer.from(authTokenFor(key, serialNumber));
  const given = Buffer.from(match[1]);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The member's pass as it is now: its content, and its row, whose update_seq moves on whenever the
 * content's fingerprint changed since the last look. Deriving "updated" from the data itself means
 * a ledger write, a confirmed purchase or a renamed member all mark the pass updated, with no hook
 * in the code that made the change.
 */
export async function refreshPass(
  db: Queryable,
  config: Config,
  account: AccountRow,
): Promise<{ row: WalletPassRow; content: PassContent }> {
  const content = passContent(await accountView(db, account, config), config);
  const hash = contentHash(content);
  const changed = await queryOne<WalletPassRow>(
    db,
    `INSERT INTO wallet_passes (serial_number, account_id, content_hash) VALUES ($1, $2, $3)
     ON CONFLICT (account_id) DO UPDATE
       SET content_hash = EXCLUDED.content_hash, update_seq = nextval('wallet_pass_update_seq'), updated_at = now()
       WHERE wallet_passes.content_hash IS DISTINCT FROM EXCLUDED.content_hash
     RETURNING *`,
    [randomUUID(), account.id, hash],
  );
  const row =
    changed ??
    (await queryOne<WalletPassRow>(db, 'SELECT * FROM wallet_passes WHERE account_id = $1', [account.id]));
  if (!row) throw new Error('wallet pass row missing');
  return { row, content };
}

export function findPass(db: Queryable, serialNumber: string): Promise<WalletPassRow | undefined> {
  return queryOne<WalletPassRow>(db, 'SELECT * FROM wallet_passes WHERE serial_number = $1', [serialNumber]);
}

/** Refreshes every pass registered on a device (or on any device), answering those that changed. */
export async function refreshRegisteredPasses(
  db: Queryable,
  config: Config,
  deviceLibraryId: string | null,
): Promise<WalletPassRow[]> {
  const passes = await db.query<WalletPassRow>(
    `SELECT DISTINCT p.* FROM wallet_passes p JOIN wallet_registrations r ON r.serial_number = p.serial_number
     WHERE $1::text IS NULL OR r.device_library_id = $1`,
    [deviceLibraryId],
  );
  const changed: WalletPassRow[] = [];
  for (const pass of passes) {
    const account = await findAccountById(db, pass.account_id);
    if (!account) continue;
    const { row } = await refreshPass(db, config, account);
    if (String(row.update_seq) !== String(pass.update_seq)) changed.push(row);
  }
  return changed;
}

import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Config } from '#shared/config.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import type { AccountRow } from '../members/account-service.ts';
import { accountView } from '../members/account-view.ts';
import { contentHash, type PassContent, passContent, voidedContent } from './pass-content.ts';

export interface WalletPassRow {
  serial_number: string;
  account_id: string;
  content_hash: string;
  update_seq: number | string;
  updated_at: Date;
  change_seq: number | string;
  apple_pushed_seq: number | string;
  google_hash: string | null;
  google_notified_at: Date[] | string;
  voided_at: Date | null;
}

/**
 * The key from which every pass's web-service authentication token is derived
 * (token = HMAC-SHA256(key, serial)): nothing token-like is stored, and all app servers share it
 * because it lives in the database. Created once.
 */
export async function passAuthKey(db: Queryable): Promise<Buffer> {
  const read = () =>
    queryOne<{ secret: string }>(db, `SELECT secret FROM wallet_secrets WHERE name = 'pass-auth'`);
  // Read first: every start but the first finds it, in one statement.
  let row = await read();
  if (!row) {
    // Several servers starting together on one PostgreSQL: the first insert wins, all read it.
    await db.query(
      `INSERT INTO wallet_secrets (name, secret) VALUES ('pass-auth', $1) ON CONFLICT (name) DO NOTHING`,
      [randomBytes(32).toString('base64url')],
    );
    row = await read();
  }
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
  // A deleted account's pass stays (anonymous) so its devices can be told it is void.
  const content = account.deleted_at
    ? voidedContent(account.currency)
    : passContent(await accountView(db, account, config), config);
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

/** The account a pass belongs to, also once deleted (its devices are then served the voided pass). */
export function accountOfPass(
  db: Queryable,
  pass: Pick<WalletPassRow, 'account_id'>,
): Promise<AccountRow | undefined> {
  return queryOne<AccountRow>(db, 'SELECT * FROM accounts WHERE id = $1', [pass.account_id]);
}

/** In the deletion's transaction: the member's pass becomes void (Apple `voided`, Google INACTIVE). */
export async function voidPasses(tx: Queryable, accountId: string): Promise<void> {
  // The fingerprints were taken over the member's name and number: they go too (any value that
  // differs from the voided pass's makes the worker push it and patch Google).
  await tx.query(
    `UPDATE wallet_passes SET voided_at = now(), change_seq = change_seq + 1, content_hash = 'voided',
        google_hash = CASE WHEN google_hash IS NOT NULL THEN 'voided' END
      WHERE account_id = $1`,
    [accountId],
  );
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
    const account = await accountOfPass(db, pass);
    if (!account) continue;
    const { row } = await refreshPass(db, config, account);
    if (String(row.update_seq) !== String(pass.update_seq)) changed.push(row);
  }
  return changed;
}

import { type Database, type Queryable, queryOne } from '../db/database.ts';

interface Registration {
  deviceLibraryIdentifier: string;
  passTypeIdentifier: string;
  serialNumber: string;
}

/**
 * A device asks for updates of a pass; true when it had not asked before (Apple wants 201 then).
 * The device has just fetched the pass, so it needs no push for what it already shows; the member's
 * card now counts as in a wallet.
 */
export async function registerDevice(db: Queryable, at: Registration, pushToken: string): Promise<boolean> {
  const existing = await queryOne(
    db,
    `SELECT 1 FROM wallet_registrations
      WHERE device_library_id = $1 AND pass_type_id = $2 AND serial_number = $3`,
    [at.deviceLibraryIdentifier, at.passTypeIdentifier, at.serialNumber],
  );
  await db.query(
    `INSERT INTO wallet_registrations (device_library_id, pass_type_id, serial_number, push_token)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (device_library_id, pass_type_id, serial_number) DO UPDATE SET push_token = EXCLUDED.push_token`,
    [at.deviceLibraryIdentifier, at.passTypeIdentifier, at.serialNumber, pushToken],
  );
  await db.query('UPDATE wallet_passes SET apple_pushed_seq = update_seq WHERE serial_number = $1', [
    at.serialNumber,
  ]);
  await updateWalletPresence(db, at.serialNumber);
  return !existing;
}

/** The device removed the pass (or stopped wanting updates). */
export async function unregisterDevice(db: Queryable, at: Registration): Promise<void> {
  await db.query(
    `DELETE FROM wallet_registrations
      WHERE device_library_id = $1 AND pass_type_id = $2 AND serial_number = $3`,
    [at.deviceLibraryIdentifier, at.passTypeIdentifier, at.serialNumber],
  );
  await updateWalletPresence(db, at.serialNumber);
}

/** Forgets the devices APNs says are gone (410, or 400 BadDeviceToken), as if they had unregistered. */
export async function forgetPushTokens(db: Queryable, pushTokens: string[]): Promise<void> {
  const serials = await db.query<{ serial_number: string }>(
    'DELETE FROM wallet_registrations WHERE push_token = ANY($1::text[]) RETURNING serial_number',
    [pushTokens],
  );
  for (const serial of new Set(serials.map((row) => row.serial_number)))
    await updateWalletPresence(db, serial);
}

/**
 * The member's wallet presence (accounts.wallet_presence, shown on Home): 'in-wallet' while a device
 * is registered for the Apple pass or Google reported the card saved; 'removed' once it was in a
 * wallet and no longer is; unchanged (NULL) for a member whose card never was.
 */
async function updateWalletPresence(db: Queryable, serialNumber: string): Promise<void> {
  await db.query(
    `UPDATE accounts a SET wallet_presence = CASE
        WHEN p.google_saved OR EXISTS (SELECT 1 FROM wallet_registrations r WHERE r.serial_number = p.serial_number)
          THEN 'in-wallet'
        WHEN a.wallet_presence IS NOT NULL THEN 'removed'
      END
      FROM wallet_passes p
     WHERE p.serial_number = $1 AND a.id = p.account_id AND a.deleted_at IS NULL`,
    [serialNumber],
  );
}

/** The device's passes changed after `since` (an update sequence number), oldest change first. */
export function serialsUpdatedSince(
  db: Queryable,
  device: { deviceLibraryIdentifier: string; passTypeIdentifier: string },
  since: string,
): Promise<{ serial_number: string; update_seq: number | string }[]> {
  return db.query<{ serial_number: string; update_seq: number | string }>(
    `SELECT p.serial_number, p.update_seq FROM wallet_passes p
       JOIN wallet_registrations r ON r.serial_number = p.serial_number
      WHERE r.device_library_id = $1 AND r.pass_type_id = $2 AND p.update_seq > $3
      ORDER BY p.update_seq`,
    [device.deviceLibraryIdentifier, device.passTypeIdentifier, since],
  );
}

/**
 * A verified Google save or delete callback: the card is in (or left) the member's Google Wallet.
 * A redelivered callback (same nonce) changes nothing; one about an object that is not ours is ignored.
 */
export async function recordGoogleCallback(
  db: Database,
  ours: { issuerId: string; classId: string },
  callback: { classId: string; objectId: string; eventType: 'save' | 'del'; nonce: string },
): Promise<void> {
  const prefix = `${ours.issuerId}.`;
  if (callback.classId !== ours.classId || !callback.objectId.startsWith(prefix)) return;
  await db.transaction(async (tx) => {
    const fresh = await tx.query(
      'INSERT INTO wallet_google_callbacks (nonce) VALUES ($1) ON CONFLICT (nonce) DO NOTHING RETURNING nonce',
      [callback.nonce],
    );
    if (fresh.length === 0) return;
    const serial = callback.objectId.slice(prefix.length);
    await tx.query('UPDATE wallet_passes SET google_saved = $2 WHERE serial_number = $1', [
      serial,
      callback.eventType === 'save',
    ]);
    await updateWalletPresence(tx, serial);
    // Google retries for a while, not for weeks: older nonces need not be kept.
    await tx.query("DELETE FROM wallet_google_callbacks WHERE received_at < now() - interval '30 days'");
  });
}

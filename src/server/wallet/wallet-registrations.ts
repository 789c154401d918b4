import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { pushPassUpdates } from './apns.ts';
import type { PassSigningKeys } from './pass-signing-keys.ts';
import { refreshRegisteredPasses } from './wallet-passes.ts';

interface Registration {
  deviceLibraryIdentifier: string;
  passTypeIdentifier: string;
  serialNumber: string;
}

/** A device asks for updates of a pass; true when it had not asked before (Apple wants 201 then). */
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
  return !existing;
}

export async function unregisterDevice(db: Queryable, at: Registration): Promise<void> {
  await db.query(
    `DELETE FROM wallet_registrations
      WHERE device_library_id = $1 AND pass_type_id = $2 AND serial_number = $3`,
    [at.deviceLibraryIdentifier, at.passTypeIdentifier, at.serialNumber],
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

/** Sends one "pass changed" push to each push token; answers the APNs status per token. */
export type PushSender = (pushTokens: string[]) => Promise<Map<string, number>>;

/**
 * One sweep: refreshes every registered pass, pushes to the devices of those that changed, and
 * forgets the registrations APNs says are gone (410). Answers the serials that changed.
 */
export async function pushChangedPasses(ctx: AppContext, send: PushSender): Promise<string[]> {
  const changed = await refreshRegisteredPasses(ctx.db, ctx.config, null);
  if (changed.length === 0) return [];
  const serials = changed.map((row) => row.serial_number);
  const tokens = await ctx.db.query<{ push_token: string }>(
    'SELECT DISTINCT push_token FROM wallet_registrations WHERE serial_number = ANY($1::text[])',
    [serials],
  );
  const results = await send(tokens.map((row) => row.push_token));
  const gone = [...results].filter(([, status]) => status === 410).map(([token]) => token);
  if (gone.length) {
    await ctx.db.query('DELETE FROM wallet_registrations WHERE push_token = ANY($1::text[])', [gone]);
  }
  return serials;
}

/** With APNs on, looks for changed passes every few seconds and tells their devices. */
export function startApnsSweep(app: FastifyInstance, ctx: AppContext, credentials: PassSigningKeys): void {
  const apns = ctx.config.wallet.apple.apns;
  if (!apns.enabled) return;
  const send: PushSender = (tokens) =>
    pushPassUpdates(apns.host, credentials.apple, ctx.config.wallet.apple.passTypeIdentifier, tokens);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pushChangedPasses(ctx, send)
      .catch((error) => ctx.log.error({ err: error }, 'wallet push sweep failed'))
      .finally(() => {
        running = false;
      });
  }, apns.sweepSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '#shared/api/error-codes.ts';
import type { AppContext } from '../app-context.ts';
import type { Database, Queryable } from '../db/database.ts';
import { tooManyRequests } from '../http/errors.ts';
import { metrics } from '../operations/metrics.ts';

/**
 * Sliding-window rate limits kept in the database, so every app server behind a load balancer
 * shares them. Each limited key has one row (rate_limit_counters) holding the times of its events
 * still inside the window. Keys are hashed: the table never holds an email or address.
 *
 * A request takes a slot with one statement, INSERT ... ON CONFLICT DO UPDATE ... WHERE under the
 * limit: the upsert locks the key's row, and PostgreSQL evaluates the WHERE against the row's latest
 * committed version, so parallel requests for one key queue on that row and each sees the count the
 * previous one left. N parallel requests therefore never get more than the limit. (A count followed
 * by an insert, even inside one INSERT ... SELECT, lets every parallel request see the same count.)
 */
export type Bucket =
  | 'sign-in-account'
  | 'sign-in-address'
  | 'magic-link-email'
  | 'magic-link-address'
  | 'password-reset-email'
  | 'password-reset-address'
  | 'signup-address'
  | 'reauthentication-link-email'
  | 'reauthentication-link-address'
  | 'passkey-options-address'
  | 'staff-sign-in-address'
  | 'staff-sign-in-account'
  | 'staff-enrolment-account'
  | 'purchase-claim-account'
  | 'email-change-account'
  | 'email-change-address'
  | 'scan-lookup-staff';

export interface Limit {
  bucket: Bucket;
  /** What is limited: an email, an address. Stored hashed. */
  key: string;
  limit: number;
  windowMinutes: number;
}

/** A taken slot is named by its time, so it can be given back (forgiveAndRelease). */
export type SlotOutcome<T = undefined> =
  | { taken: true; at: string; result: T }
  | { taken: false; retryAfterSeconds: number };

function keyOf(value: string): string {
  return createHash('sha256').update(value.trim().toLowerCase()).digest('base64url');
}

/**
 * The caller's address. X-Forwarded-For counts only when the request came through a proxy named in
 * the `trustedProxies` configuration (Fastify's trustProxy); otherwise it is the connection's peer.
 */
export function addressOf(request: FastifyRequest): string {
  return request.ip || 'unknown';
}

/**
 * One slot of every limit, all or none, in one statement: the database function
 * take_rate_limit_slots (migration 0033) runs the upsert above per limit and, on a refusal, undoes
 * the slots it took and answers the seconds to wait. `alongside` is a read answered in the same round
 * trip once the slots are taken (its rows, or none on a refusal).
 */
async function takeSlots<T = undefined>(
  db: Queryable,
  limits: readonly Limit[],
  options: { synced?: boolean; alongside?: Alongside } = {},
): Promise<{ at: string; rows: T[] }> {
  const { synced = true, alongside } = options;
  // synchronous_commit off for this statement's own transaction only (set_config's is_local).
  const unsynced = synced ? '' : `CROSS JOIN set_config('synchronous_commit', 'off', true)`;
  const params: unknown[] = [
    limits.map((limit) => limit.bucket),
    limits.map((limit) => keyOf(limit.key)),
    limits.map((limit) => limit.windowMinutes),
    limits.map((limit) => limit.limit),
  ];
  // Each value the read binds takes the next parameter: the read never numbers them itself.
  const bind = (value: unknown) => `$${params.push(value)}`;
  // The read runs only for a taken slot (a one-time filter on the function's row).
  const read = alongside
    ? `LEFT JOIN LATERAL (SELECT true AS alongside_row, alongside.* FROM (${alongside.sql(bind)}) alongside
                          WHERE slots.taken_at IS NOT NULL) read ON true`
    : '';
  const rows = await db.query<{
    taken_at: string | null;
    refused_bucket: Bucket | null;
    retry_after: number;
  }>(
    `SELECT slots.taken_at, slots.refused_bucket, slots.retry_after${alongside ? ', read.*' : ''}
       FROM take_rate_limit_slots($1, $2, $3, $4) slots ${unsynced} ${read}`,
    params,
    alongside ? { prepared: alongside.name } : {},
  );
  const row = rows[0];
  if (row?.taken_at) {
    const read = rows.filter((r) => (r as { alongside_row?: boolean }).alongside_row) as unknown as T[];
    return { at: row.taken_at, rows: read };
  }
  throw new Refused(row?.retry_after ?? 1, row?.refused_bucket ?? (limits[0] as Limit).bucket);
}

/**
 * A read answered with a slot, in its statement: `sql` makes a SELECT, binding each value through
 * `bind` (which answers its placeholder); `name` makes the whole statement a named prepared one, so
 * `sql` must make the same text every time.
 */
export interface Alongside {
  name: string;
  sql: (bind: (value: unknown) => string) => string;
}

class Refused extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly bucket: Bucket,
  ) {
    super('rate limited');
  }
}

/** Forgets every event counted against `key` in any bucket (a deleted member's email). */
export async function forgetKeyedEvents(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limit_counters WHERE key = $1', [keyOf(key)]);
}

/**
 * Takes one slot of every limit, all or none (one transaction: a refusal by any limit rolls the
 * others back, so a refused request is never counted), then runs `work` in the same transaction, so
 * what the request writes commits together with its slots. Limits are always taken in the caller's
 * order, account before address, so two requests never wait on each other's rows in a cycle.
 */
export async function takeSlotAnd<T>(
  db: Database,
  limits: readonly Limit[],
  work: (tx: Queryable) => Promise<T>,
): Promise<SlotOutcome<T>> {
  return refusedAsOutcome(db, () =>
    db.transaction(async (tx) => {
      const { at } = await takeSlots(tx, limits);
      return { at, result: await work(tx) };
    }),
  );
}

async function refusedAsOutcome<T>(
  db: Database,
  take: () => Promise<{ at: string; result: T }>,
): Promise<SlotOutcome<T>> {
  try {
    const taken = await take();
    // Keep the table small: now and then, forget keys idle for longer than any window we use.
    if (Math.random() < 0.02) await forgetIdleRateLimitKeys(db);
    return { taken: true, ...taken };
  } catch (error) {
    if (error instanceof Refused) {
      metrics.rateLimitRefusal(error.bucket);
      return { taken: false, retryAfterSeconds: error.retryAfterSeconds };
    }
    throw error;
  }
}

/** Forgets keys idle for longer than any window we use (through rate_limit_counters_updated). */
export async function forgetIdleRateLimitKeys(db: Queryable): Promise<void> {
  await db.query("DELETE FROM rate_limit_counters WHERE updated_at < now() - interval '2 days'");
}

/**
 * Takes one slot of every limit, all or none, inside the caller's transaction: what the request
 * writes commits with its slots, and a request that fails later gives them back by rolling back.
 * The slots' rows stay locked until that transaction ends, so parallel requests queue on them.
 */
export async function takeSlotWithin(tx: Queryable, limits: readonly Limit[]): Promise<SlotOutcome> {
  try {
    return { taken: true, at: (await takeSlots(tx, limits)).at, result: undefined };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    metrics.rateLimitRefusal(error.bucket);
    return { taken: false, retryAfterSeconds: error.retryAfterSeconds };
  }
}

/** Takes one slot of every limit, all or none (see takeSlotAnd), in one round trip. */
function takeSlot(db: Database, limits: readonly Limit[]): Promise<SlotOutcome> {
  return refusedAsOutcome(db, async () => ({ at: (await takeSlots(db, limits)).at, result: undefined }));
}

/**
 * takeSlot whose commit does not wait for the disk (synchronous_commit off): it is seen by every
 * other request at once, as any commit, but reaches the disk with the next synchronous commit. The
 * caller must have one before it answers: a write of its own (a sign-in's session, which gives the
 * slot back in the same flush) or syncSlot (a wrong password, whose slot stays taken). Saves a
 * sign-in one disk flush of its two; a crash before the answer loses at most the slot
 * of a request nobody was answered. The result is the rows of `alongside`, read in the same statement.
 */
export function takeSlotSyncedLater<T>(
  db: Database,
  limits: readonly Limit[],
  alongside?: Alongside,
): Promise<SlotOutcome<T[]>> {
  return refusedAsOutcome(db, async () => {
    const { at, rows } = await takeSlots<T>(db, limits, {
      synced: false,
      ...(alongside ? { alongside } : {}),
    });
    return { at, result: rows };
  });
}

/**
 * Waits until every commit so far is on disk, takeSlotSyncedLater's among them: the slot's row is
 * written again, unchanged, in a synchronous commit, which flushes the write-ahead log up to it and
 * so everything committed before it, whichever connection committed it. (A commit that wrote nothing,
 * even one given a transaction id, waits for no disk.)
 */
export async function syncSlot(db: Queryable, slot: { bucket: Bucket; key: string }): Promise<void> {
  await db.query('UPDATE rate_limit_counters SET hits = hits WHERE bucket = $1 AND key = $2', [
    slot.bucket,
    keyOf(slot.key),
  ]);
}

/**
 * A right password: the account's failures are forgotten and the address's slot (the event at `at`)
 * is given back. Two statements in the order slots are taken (account, then address): one statement
 * may lock its rows in either order, and deadlocked with a parallel attempt taking them in order.
 */
export async function forgiveAndRelease(
  db: Queryable,
  forgive: { bucket: Bucket; key: string },
  release: { bucket: Bucket; key: string; at: string },
): Promise<void> {
  const { forgiveBucket, forgiveKey, releaseBucket, releaseKey, releaseAt } = slotRelease(forgive, release);
  await db.query('DELETE FROM rate_limit_counters WHERE bucket = $1 AND key = $2', [
    forgiveBucket,
    forgiveKey,
  ]);
  await db.query(
    `UPDATE rate_limit_counters
        SET hits = hits[:array_position(hits, $3::timestamptz) - 1]
                   || hits[array_position(hits, $3::timestamptz) + 1:]
      WHERE bucket = $1 AND key = $2 AND $3::timestamptz = ANY (hits)`,
    [releaseBucket, releaseKey, releaseAt],
  );
}

/** forgiveAndRelease as the parameters of a statement that does it (start_session, migration 0053). */
export interface SlotRelease {
  forgiveBucket: Bucket;
  forgiveKey: string;
  releaseBucket: Bucket;
  releaseKey: string;
  releaseAt: string;
}

export function slotRelease(
  forgive: { bucket: Bucket; key: string },
  release: { bucket: Bucket; key: string; at: string },
): SlotRelease {
  return {
    forgiveBucket: forgive.bucket,
    forgiveKey: keyOf(forgive.key),
    releaseBucket: release.bucket,
    releaseKey: keyOf(release.key),
    releaseAt: release.at,
  };
}

/** Forgets every event of a key (a correct password forgives an account's failures). */
export async function clearSlots(db: Queryable, bucket: Bucket, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limit_counters WHERE bucket = $1 AND key = $2', [bucket, keyOf(key)]);
}

/** Answers 429 with Retry-After and `message` when a slot could not be taken. */
export function refuseUnlessTaken<T>(
  reply: Pick<FastifyReply, 'header'>,
  outcome: SlotOutcome<T>,
  message: string,
  code: ErrorCode = 'TooManyRequests',
): asserts outcome is Extract<SlotOutcome<T>, { taken: true }> {
  if (outcome.taken) return;
  reply.header('retry-after', String(Math.max(1, outcome.retryAfterSeconds)));
  throw tooManyRequests(code, message);
}

/**
 * At most `limit` requests of `bucket` from the caller's address within the window: otherwise a 429
 * with Retry-After and `message`. Counts the request when it passes.
 */
export async function limitByAddress(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  bucket: Bucket,
  limits: { limit: number; windowMinutes: number },
  message: string,
): Promise<void> {
  await limitByKey(db, reply, { bucket, key: addressOf(request), ...limits }, message);
}

/** At most `limit.limit` requests for `limit.key` within the window (limitByAddress for any key). */
export async function limitByKey(db: Database, reply: FastifyReply, limit: Limit, message: string) {
  refuseUnlessTaken(reply, await takeSlot(db, [limit]), message);
}

export const recentlySentMessage =
  "We've recently sent you an email. Please wait a few minutes before asking for another.";

/**
 * The per email and per address limits of emailed-link requests (emailLinkLimits). Counted for every
 * email, member or not, so the answer never depends on membership.
 */
export function linkRequestLimits(
  ctx: AppContext,
  request: FastifyRequest,
  email: string,
  buckets: { email: Bucket; address: Bucket },
): Limit[] {
  const { perEmail, perAddress, windowMinutes } = ctx.config.emailLinkLimits;
  return [
    { bucket: buckets.email, key: email, limit: perEmail, windowMinutes },
    { bucket: buckets.address, key: addressOf(request), limit: perAddress, windowMinutes },
  ];
}

/** Takes a slot of both link-request limits, or answers 429 with Retry-After. */
export async function limitLinkRequests(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  buckets: { email: Bucket; address: Bucket },
): Promise<void> {
  const outcome = await takeSlot(ctx.db, linkRequestLimits(ctx, request, email, buckets));
  refuseUnlessTaken(reply, outcome, recentlySentMessage);
}

import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { tooManyRequests } from '../http/errors.ts';

/**
 * Sliding-window counters kept in the database (one row per event), so every app server behind a
 * load balancer sees the same counts. Keys are hashed: the table never holds an email or address.
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
  | 'reauthentication-link-address';

function keyOf(value: string): string {
  return createHash('sha256').update(value.trim().toLowerCase()).digest('base64url');
}

/** The caller's address (behind a proxy, the first X-Forwarded-For hop: trustProxy is on). */
export function addressOf(request: FastifyRequest): string {
  return request.ip || 'unknown';
}

export interface WindowCount {
  count: number;
  /** Seconds until the oldest counted event leaves the window (0 when none). */
  retryAfterSeconds: number;
}

/** How many events of `bucket` for `key` fall within the last `windowMinutes`. */
export async function countRecent(
  db: Queryable,
  bucket: Bucket,
  key: string,
  windowMinutes: number,
  limit: number,
): Promise<WindowCount> {
  const row = await queryOne<{ count: number | string; retry: number | string | null }>(
    db,
    `SELECT count(*) AS count,
            CEIL(EXTRACT(EPOCH FROM (
              (SELECT at FROM (SELECT at FROM rate_limit_events
                                WHERE bucket = $1 AND key = $2 AND at > now() - make_interval(mins => $3)
                                ORDER BY at DESC LIMIT $4) latest ORDER BY at ASC LIMIT 1)
              + make_interval(mins => $3) - now()))) AS retry
       FROM rate_limit_events
      WHERE bucket = $1 AND key = $2 AND at > now() - make_interval(mins => $3)`,
    [bucket, keyOf(key), windowMinutes, limit],
  );
  const count = Number(row?.count ?? 0);
  return { count, retryAfterSeconds: Math.max(0, Number(row?.retry ?? 0)) };
}

export async function recordEvent(db: Queryable, bucket: Bucket, key: string): Promise<void> {
  await db.query('INSERT INTO rate_limit_events (bucket, key) VALUES ($1, $2)', [bucket, keyOf(key)]);
  // Keep the table small: now and then, forget events older than any window we use.
  if (Math.random() < 0.02) {
    await db.query("DELETE FROM rate_limit_events WHERE at < now() - interval '2 days'");
  }
}

export async function clearEvents(db: Queryable, bucket: Bucket, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limit_events WHERE bucket = $1 AND key = $2', [bucket, keyOf(key)]);
}

/**
 * At most `limit` events of `bucket` from the caller's address within the window: otherwise a 429
 * with Retry-After and `message`. Counts the request when it passes.
 */
export async function limitByAddress(
  db: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  bucket: Bucket,
  limits: { limit: number; windowMinutes: number },
  message: string,
): Promise<void> {
  const address = addressOf(request);
  const recent = await countRecent(db, bucket, address, limits.windowMinutes, limits.limit);
  if (recent.count >= limits.limit) {
    reply.header('retry-after', String(Math.max(1, recent.retryAfterSeconds)));
    throw tooManyRequests(message, { error: 'TooManyRequests' });
  }
  await recordEvent(db, bucket, address);
}

export const recentlySentMessage =
  "We've recently sent you an email. Please wait a few minutes before asking for another.";

/**
 * Per email and per address limits of emailed-link requests (emailLinkLimits): otherwise a 429 with
 * Retry-After. Counted for every email, member or not, so the answer never depends on membership.
 */
export async function limitLinkRequests(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  buckets: { email: Bucket; address: Bucket },
): Promise<void> {
  const { perEmail, perAddress, windowMinutes } = ctx.config.emailLinkLimits;
  const address = addressOf(request);
  const [byEmail, byAddress] = await Promise.all([
    countRecent(ctx.db, buckets.email, email, windowMinutes, perEmail),
    countRecent(ctx.db, buckets.address, address, windowMinutes, perAddress),
  ]);
  if (byEmail.count >= perEmail || byAddress.count >= perAddress) {
    const wait = Math.max(
      byEmail.count >= perEmail ? byEmail.retryAfterSeconds : 0,
      byAddress.count >= perAddress ? byAddress.retryAfterSeconds : 0,
      1,
    );
    reply.header('retry-after', String(wait));
    throw tooManyRequests(recentlySentMessage, { error: 'TooManyRequests' });
  }
  await recordEvent(ctx.db, buckets.email, email);
  await recordEvent(ctx.db, buckets.address, address);
}

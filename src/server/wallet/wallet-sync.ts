import type { AppContext } from '../app-context.ts';
import { queryOne } from '../db/database.ts';
import type { AccountRow } from '../members/account-service.ts';
import { metrics } from '../operations/metrics.ts';
import { type ApnsAnswer, pushPassUpdates, tokenIsDead } from './apns.ts';
import { loyaltyObjects } from './google-wallet.ts';
import { type GoogleWalletApi, googleApiOn, googleWalletApi } from './google-wallet-api.ts';
import type { PassContent } from './pass-content.ts';
import type { PassSigningKeys } from './pass-signing-keys.ts';
import { refreshPass, type WalletPassRow } from './wallet-passes.ts';
import { forgetPushTokens } from './wallet-registrations.ts';

/** Google sends at most this many update notifications per pass a day; we never ask for more. */
const googleNotificationsPerDay = 3;
/** Passes claimed per round; a claim is leased this long (a crashed worker's claim is taken again). */
const batchSize = 20;
const leaseSeconds = 300;

/** Sends one "pass changed" push to each push token; answers APNs' answer per token. */
export type PushSender = (pushTokens: string[]) => Promise<Map<string, ApnsAnswer>>;

export interface WalletSync {
  start(): void;
  stop(): Promise<void>;
  /** Asks for a round now (after a request that may have changed a pass). */
  wake(): void;
  /** Handles every due pass, then resolves (tests). */
  drain(): Promise<void>;
  /** The Google object of a pass, created or brought up to date now; null with the REST API off. */
  googleObject(row: WalletPassRow, content: PassContent): Promise<string | null>;
}

interface Claim {
  serial_number: string;
  account_id: string;
  change_seq: string;
  sync_attempts: number;
}

/**
 * The wallet worker (the wallet outbox's reader). A write that may change what a pass shows moves
 * the pass's change_seq in its own transaction (the triggers of migration 0017); each round claims
 * the due passes and, for each, recomputes the pass once, pushes to its Apple devices if the pass
 * changed since they were last told, and patches its Google object if it differs from what Google
 * holds. However many writes happened since the last round, that is one push per device and one
 * PATCH. A failure leaves the pass due and tries again with back-off (10 s, 20 s, … up to an hour).
 */
export function createWalletSync(
  ctx: AppContext,
  keys: PassSigningKeys,
  options: { sendPushes?: PushSender | null; google?: GoogleWalletApi | null } = {},
): WalletSync {
  const { config, db } = ctx;
  const apns = config.wallet.apple.apns;
  const send: PushSender | null =
    options.sendPushes !== undefined
      ? options.sendPushes
      : (apns.enabled ?? !keys.apple.development)
        ? (tokens) => pushPassUpdates(apns.host, keys.apple, config.wallet.apple.passTypeIdentifier, tokens)
        : null;
  const googleOn = googleApiOn(config.wallet.google);
  const google =
    options.google !== undefined
      ? options.google
      : googleOn
        ? googleWalletApi(config.wallet.google, keys.google)
        : null;

  let classReady: Promise<void> | null = null;
  function ensureClass(content: PassContent, serial: string): Promise<void> {
    if (!google) return Promise.resolve();
    classReady ??= (async () => {
      const { loyaltyClass } = loyaltyObjects(config, content, ctx.origin, serial);
      const existing = await google.getClass(loyaltyClass.id);
      if (!existing) {
        await google.insertClass(loyaltyClass);
      } else if (
        (existing.callbackOptions as { url?: string } | undefined)?.url !== loyaltyClass.callbackOptions.url
      ) {
        // A class made before (e.g. by an earlier save link) without our callback URL: Google would
        // never tell us about saves and deletions.
        await google.patchClass(loyaltyClass.id, { callbackOptions: loyaltyClass.callbackOptions });
      }
    })().catch((error: unknown) => {
      classReady = null;
      throw error;
    });
    return classReady;
  }

  async function googleObject(row: WalletPassRow, content: PassContent): Promise<string | null> {
    if (!google) return null;
    await ensureClass(content, row.serial_number);
    const { loyaltyObject } = loyaltyObjects(config, content, ctx.origin, row.serial_number);
    if (row.google_hash === null) {
      if (!(await google.insertObject(loyaltyObject)))
        await google.patchObject(loyaltyObject.id, loyaltyObject);
    } else if (row.google_hash !== row.content_hash) {
      await google.patchObject(loyaltyObject.id, loyaltyObject);
    }
    await db.query('UPDATE wallet_passes SET google_hash = $2 WHERE serial_number = $1', [
      row.serial_number,
      row.content_hash,
    ]);
    return loyaltyObject.id;
  }

  /** Patches the object; asks Google to notify the member only within its three a day. */
  async function patchGoogle(api: GoogleWalletApi, row: WalletPassRow, content: PassContent) {
    const { loyaltyObject } = loyaltyObjects(config, content, ctx.origin, row.serial_number);
    const recent = await queryOne<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM wallet_passes, unnest(google_notified_at) AS at
        WHERE serial_number = $1 AND at > now() - interval '1 day'`,
      [row.serial_number],
    );
    const notify = !content.voided && (recent?.n ?? 0) < googleNotificationsPerDay;
    // A voided pass only becomes inactive: its last words stay on the card as they were.
    const body = content.voided
      ? { state: 'INACTIVE' }
      : { ...loyaltyObject, ...(notify ? { notifyPreference: 'NOTIFY_ON_UPDATE' } : {}) };
    await api.patchObject(loyaltyObject.id, body);
    metrics.walletPush('google', 'sent');
    await db.query(
      `UPDATE wallet_passes SET google_hash = $2,
          google_notified_at = CASE WHEN $3::boolean
            THEN array_append(ARRAY(SELECT at FROM unnest(google_notified_at) AS at WHERE at > now() - interval '1 day'), now())
            ELSE google_notified_at END
        WHERE serial_number = $1`,
      [row.serial_number, row.content_hash, notify],
    );
  }

  async function syncPass(claim: Claim): Promise<void> {
    const account = await queryOne<AccountRow>(db, 'SELECT * FROM accounts WHERE id = $1', [
      claim.account_id,
    ]);
    if (account) {
      const { row, content } = await refreshPass(db, config, account);
      if (send && BigInt(row.update_seq) > BigInt(row.apple_pushed_seq)) {
        const tokens = await db.query<{ push_token: string }>(
          'SELECT DISTINCT push_token FROM wallet_registrations WHERE serial_number = $1',
          [row.serial_number],
        );
        if (tokens.length > 0) {
          const results = await send(tokens.map((t) => t.push_token));
          for (const answer of results.values()) {
            metrics.walletPush(
              'apple',
              answer.status === 200 ? 'sent' : tokenIsDead(answer) ? 'gone' : 'failed',
            );
          }
          const gone = [...results].filter(([, answer]) => tokenIsDead(answer)).map(([token]) => token);
          if (gone.length > 0) await forgetPushTokens(db, gone);
          const retry = [...results.values()]
            .map((answer) => answer.status)
            .filter((status) => status === 0 || status === 429 || status >= 500);
          if (retry.length > 0) throw new Error(`APNs answered ${retry.join(', ')}`);
        }
        await db.query(
          'UPDATE wallet_passes SET apple_pushed_seq = GREATEST(apple_pushed_seq, $2) WHERE serial_number = $1',
          [row.serial_number, row.update_seq],
        );
      }
      if (google && row.google_hash !== null && row.google_hash !== row.content_hash) {
        await patchGoogle(google, row, content);
      }
    }
    await db.query(
      `UPDATE wallet_passes SET synced_seq = GREATEST(synced_seq, $2), sync_attempts = 0,
          sync_next_at = now(), sync_error = NULL
        WHERE serial_number = $1`,
      [claim.serial_number, claim.change_seq],
    );
  }

  async function syncDue(): Promise<number> {
    // Every write request wakes the sync, and nearly all find nothing due: a read says so for a
    // fraction of the claiming UPDATE (on the embedded database, whose one connection every request
    // waits for, 0.5 ms against 7 ms measured; a sign-in paid it on every attempt).
    // A named prepared statement: parsed and planned once per connection, not on every wake.
    const due = await db.query(
      'SELECT 1 FROM wallet_passes WHERE change_seq > synced_seq AND sync_next_at <= now() LIMIT 1',
      [],
      { prepared: 'wallet-sync-due' },
    );
    if (due.length === 0) return 0;
    const claimed = await db.query<Claim>(
      `UPDATE wallet_passes SET sync_next_at = now() + make_interval(secs => $2)
        WHERE serial_number IN (SELECT serial_number FROM wallet_passes
                                 WHERE change_seq > synced_seq AND sync_next_at <= now()
                                 ORDER BY sync_next_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING serial_number, account_id, change_seq::text, sync_attempts`,
      [batchSize, leaseSeconds],
    );
    for (const claim of claimed) {
      try {
        await syncPass(claim);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const delay = Math.min(10 * 2 ** claim.sync_attempts, 3600);
        await db.query(
          `UPDATE wallet_passes SET sync_attempts = sync_attempts + 1, sync_error = $2,
              sync_next_at = now() + make_interval(secs => $3)
            WHERE serial_number = $1`,
          [claim.serial_number, message.slice(0, 500), delay],
        );
        ctx.log.warn({ err: message, retryInSeconds: delay }, 'wallet update not delivered; will retry');
      }
    }
    return claimed.length;
  }

  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;

  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        while ((await syncDue()) > 0) {
          // A full batch may mean more is due.
        }
      } while (again);
    })()
      .catch((error: unknown) => ctx.log.error({ err: error }, 'wallet update round failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => void kick().finally(schedule), config.wallet.syncSeconds * 1000);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    wake() {
      if (!stopped) void kick();
    },
    async drain() {
      while (running) await running;
      await kick();
    },
    googleObject,
  };
}

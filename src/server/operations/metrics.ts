import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Queryable } from '../db/database.ts';

/**
 * Prometheus metrics (prom-client), one set per process: Prometheus scrapes each app server as its
 * own target and sums across them. Features count with the small hooks below; the outbox backlog is
 * read from the database at scrape time (it is shared by every server, so each reports the same).
 * Served by metrics-routes.ts at /metrics behind METRICS_KEY.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'loyalty_process_' });
// prom-client names three gauges *_total (Prometheus keeps that suffix for counters; promtool warns).
// Each is the sum of its labelled sibling (e.g. sum(loyalty_process_nodejs_active_handles)), so
// nothing is lost without them.
for (const sum of ['active_resources_total', 'active_handles_total', 'active_requests_total'])
  metricsRegistry.removeSingleMetric(`loyalty_process_nodejs_${sum}`);

const httpDuration = new Histogram({
  name: 'loyalty_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status: rate from _count, latency from the buckets.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const ledgerWrites = new Counter({
  name: 'loyalty_ledger_writes_total',
  help: 'Ledger rows written, by kind (a duplicate request that wrote nothing is not counted).',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

const outboxDeliveries = new Counter({
  name: 'loyalty_outbox_deliveries_total',
  help: 'Outbox delivery attempts by this server, by result: sent, failed (will retry), given-up.',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

const walletPushes = new Counter({
  name: 'loyalty_wallet_pushes_total',
  help: 'Wallet pass updates pushed: Apple per device (result: sent, gone, failed), Google per pass patched.',
  labelNames: ['platform', 'result'] as const,
  registers: [metricsRegistry],
});

const signInFailures = new Counter({
  name: 'loyalty_sign_in_failures_total',
  help: 'Password sign-ins refused for a wrong email or password.',
  registers: [metricsRegistry],
});

const rateLimitRefusals = new Counter({
  name: 'loyalty_rate_limit_refusals_total',
  help: 'Requests refused by a rate limit, by bucket (sign-in-account and sign-in-address are the sign-in throttle).',
  labelNames: ['bucket'] as const,
  registers: [metricsRegistry],
});

const purchaseGroupSizes = new Histogram({
  name: 'loyalty_purchase_group_size',
  help: 'Single partner purchases recorded together in one statement (1: alone), per group.',
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 500],
  registers: [metricsRegistry],
});

let backlogDb: Queryable | null = null;

new Gauge({
  name: 'loyalty_outbox_backlog',
  help: 'Mails in the outbox not delivered, by state: pending (due or waiting for a retry), given-up.',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  async collect() {
    if (!backlogDb) return;
    const [row] = await backlogDb.query<{ pending: number; given_up: number }>(
      `SELECT count(*) FILTER (WHERE given_up_at IS NULL)::int AS pending,
              count(*) FILTER (WHERE given_up_at IS NOT NULL)::int AS given_up
         FROM outbox_mail WHERE sent_at IS NULL`,
    );
    this.set({ state: 'pending' }, Number(row?.pending ?? 0));
    this.set({ state: 'given-up' }, Number(row?.given_up ?? 0));
  },
});

/** The database the backlog gauge reads at scrape time (the app's). */
export function measureOutboxOf(db: Queryable): void {
  backlogDb = db;
}

export const metrics = {
  request(method: string, route: string, status: number, seconds: number): void {
    httpDuration.observe({ method, route, status: String(status) }, seconds);
  },
  purchaseGroup(size: number): void {
    purchaseGroupSizes.observe(size);
  },
  ledgerWrite(kind: string): void {
    ledgerWrites.inc({ kind });
  },
  outboxDelivery(result: 'sent' | 'failed' | 'given-up'): void {
    outboxDeliveries.inc({ result });
  },
  walletPush(platform: 'apple' | 'google', result: 'sent' | 'gone' | 'failed'): void {
    walletPushes.inc({ platform, result });
  },
  signInFailure(): void {
    signInFailures.inc();
  },
  rateLimitRefusal(bucket: string): void {
    rateLimitRefusals.inc({ bucket });
  },
};

/**
 * The floor every benchmark stands on: a migrated PGlite, the real app built around it, listening on
 * a port of loopback, a partner-API caller and a member. Each benchmark then measures its own path.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import type { AppContext } from '../src/server/app-context.ts';
import type { Database } from '../src/server/db/database.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { openPglite, type PgliteDatabase } from '../src/server/db/pglite.ts';
import { type MailTransport, memoryTransport } from '../src/server/email/mailer.ts';
import { sessionService } from '../src/server/sessions/session-service.ts';
import { type Config, defaultConfig } from '../src/shared/config.ts';

export const benchOrigin = 'http://localhost:3000';
export const benchPartnerKey = 'bench-partner-key-0123456789abcdef';
export const benchMember = {
  email: 'bench@example.com',
  name: 'Bench Member',
  password: 'quiet-harbour-lantern-7391',
};

/** PGlite in memory (dir null) or in a folder, migrated; `durable: false` is PGlite's stock behaviour. */
export async function openBenchDatabase(dir: string | null = null, durable = true): Promise<PgliteDatabase> {
  const db = await openPglite(dir, { durable });
  await migrate(db);
  return db;
}

/**
 * Members who shop during a benchmark, shopper-1@example.com … shopper-`count`@example.com (cards
 * bench-1 …), as load-bodies.ts names them; those already there are kept.
 */
export async function addShoppers(db: Database, count: number): Promise<void> {
  await db.query(
    `INSERT INTO accounts (loyalty_id, full_name, email, email_verified)
     SELECT 'bench-' || n, 'Bench Shopper', 'shopper-' || n || '@example.com', true
       FROM generate_series(1, $1::int) n ON CONFLICT DO NOTHING`,
    [count],
  );
  // As after any bulk load: the statistics then say how many members there are. Without it the
  // next figure ran on plans made for the scheme before the load (a batch's plan is kept for the
  // connection, migration 0060), until autovacuum came round.
  await db.exec('ANALYZE accounts');
}

export interface BenchApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Database;
  /** http://127.0.0.1:<port> */
  base: string;
  /** A partner API call with the bench key; answers the response, whatever its status. */
  partner(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response>;
  /** Creates the bench member through the partner API. */
  createMember(member?: typeof benchMember): Promise<void>;
  close(): Promise<void>;
}

/** The real app (no web build unless given) around `db` (default: a fresh one in memory), on port 0. */
export async function startBenchApp(
  options: {
    db?: Database;
    config?: Config;
    mailTransport?: MailTransport;
    webDist?: string | null;
    production?: boolean;
    dataDir?: string;
  } = {},
): Promise<BenchApp> {
  const db = options.db ?? (await openBenchDatabase());
  const config = options.config ?? defaultConfig;
  const { app, ctx } = await buildApp(
    {
      config,
      db,
      sessions: sessionService(config),
      mailTransport: options.mailTransport ?? memoryTransport(),
      origin: benchOrigin,
      production: options.production ?? true,
      dataDir: options.dataDir ?? '/nonexistent',
      partnerApiKey: benchPartnerKey,
    },
    { webDist: options.webDist ?? null },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const partner: BenchApp['partner'] = (method, path, body) =>
    fetch(`${base}/partner/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${benchPartnerKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    app,
    ctx,
    db,
    base,
    partner,
    async createMember(member = benchMember) {
      const res = await partner('POST', '/members', member);
      if (res.status !== 201) throw new Error(`POST /members: HTTP ${res.status} ${await res.text()}`);
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** The middle value: what a typical request or commit took. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

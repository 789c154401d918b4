import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { buildApp } from '../../src/server/app.ts';
import type { AppContext } from '../../src/server/app-context.ts';
import type { Database } from '../../src/server/db/database.ts';
import { type MailTransport, memoryTransport, type SentMail } from '../../src/server/email/mailer.ts';
import { sessionService } from '../../src/server/sessions/session-service.ts';
import type { configSchema } from '../../src/shared/config.ts';
import { type Config, parseConfig } from '../../src/shared/config.ts';
import { openTestDatabase } from './test-database.ts';

const testOrigin = 'http://localhost:3000';
export const testPartnerKey = 'test-partner-key-0123456789abcdef';

export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * A browser-like client: keeps its cookies, sends JSON with our Origin, like the web app's call helper.
 * `settle` runs after each answer: the test app waits there for the outbox to deliver what the request
 * wrote, so `t.mails[0]` holds the mail as soon as the request returns.
 */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly settle: () => Promise<void> = async () => undefined,
  ) {}

  get<T = Record<string, unknown>>(url: string, headers: Record<string, string> = {}) {
    return this.request<T>('GET', url, undefined, headers);
  }

  post<T = Record<string, unknown>>(url: string, body: unknown = {}, headers: Record<string, string> = {}) {
    return this.request<T>('POST', url, body, headers);
  }

  /** POSTs raw bytes (an upload) with this browser's cookies and Origin. */
  upload<T = Record<string, unknown>>(url: string, bytes: Buffer, contentType = 'application/octet-stream') {
    return this.request<T>('POST', url, bytes, { 'content-type': contentType });
  }

  async request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.inject({
      method,
      url,
      headers: {
        origin: testOrigin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body) }),
    });
    for (const c of response.cookies) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    await this.settle();
    const text = response.body;
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    return {
      status: response.statusCode,
      body: (isJson && text ? JSON.parse(text) : text) as T,
      headers: response.headers,
    };
  }

  /** The session cookie's value, if any (to check rotation). */
  sessionCookie(): string | undefined {
    return this.cookies.get('session');
  }
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  /** Every mail the app delivered (default transport only), newest first. */
  mails: SentMail[];
  /** A new browser with no cookies. */
  client(): TestClient;
  /** Calls the partner API with the test key. */
  partner<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<TestResponse<T>>;
  /** Creates a member through the partner API and returns a client signed in as them. */
  signedInMember(input?: {
    email?: string;
    name?: string;
    password?: string;
  }): Promise<{ client: TestClient; email: string; password: string; loyaltyId: string }>;
  close(): Promise<void>;
}

let counter = 0;

/** The real app on a fresh database, in-process. `config` overrides the described configuration. */
export async function createTestApp(
  options: {
    config?: Partial<z.input<typeof configSchema>>;
    /**
     * Delivers the outbox's mail instead of the in-memory one behind `mails` (fault tests: a real
     * SMTP sink, a hung server). Requests then answer without waiting for delivery.
     */
    mailTransport?: MailTransport;
    /** An open database to share (two app servers on one schema); the caller closes it. */
    db?: Database;
    /** Receives the app's log lines (pino JSON), as the server would print them. */
    logTo?: { write(line: string): void };
    /** The level of those lines (default trace: everything); the server's default is info. */
    logLevel?: string;
    /** METRICS_KEY: the bearer key of GET /metrics (unset: /metrics answers 404). */
    metricsKey?: string;
    /** Serve pages from this web build (see web-host.api.test.ts for one with the real SSR). */
    webDist?: string;
    /** The app as NODE_ENV=production builds it (no /dev/mailbox, no demo member). */
    production?: boolean;
  } = {},
): Promise<TestApp> {
  const config = parseConfig(options.config ?? {});
  const db = options.db ?? (await openTestDatabase());
  const memory = memoryTransport();
  const { app, ctx } = await buildApp(
    {
      config,
      db,
      sessions: sessionService(config),
      mailTransport: options.mailTransport ?? memory,
      origin: testOrigin,
      production: options.production ?? false,
      dataDir: '/nonexistent-test-data-dir',
      partnerApiKey: testPartnerKey,
      metricsKey: options.metricsKey ?? null,
    },
    {
      webDist: options.webDist ?? null,
      ...(options.logTo ? { logger: { level: options.logLevel ?? 'trace', stream: options.logTo } } : {}),
    },
  );
  await app.ready();
  const settle = options.mailTransport ? undefined : () => ctx.outbox.drain();
  const partner = async <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    new TestClient(app, settle).request<T>(method, `/partner/v1${path}`, body, {
      authorization: `Bearer ${testPartnerKey}`,
    });
  return {
    app,
    ctx,
    config,
    mails: memory.sent,
    client: () => new TestClient(app, settle),
    partner,
    async signedInMember(input = {}) {
      const email = input.email ?? `member${++counter}-${Date.now()}@example.com`;
      const password = input.password ?? 'correct-horse-battery';
      const created = await partner<{ member: { loyaltyId: string } }>('POST', '/members', {
        email,
        name: input.name ?? 'Test Member',
        password,
      });
      if (created.status !== 201) throw new Error(`could not create member: ${JSON.stringify(created.body)}`);
      const client = new TestClient(app, settle);
      const login = await client.post('/api/login', { username: email, password });
      if (login.status !== 200) throw new Error(`could not sign in: ${JSON.stringify(login.body)}`);
      return { client, email, password, loyaltyId: created.body.member.loyaltyId };
    },
    async close() {
      await app.close();
      if (!options.db) await db.close();
    },
  };
}

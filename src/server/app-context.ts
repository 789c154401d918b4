import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#shared/config.ts';
import type { Database } from './db/database.ts';
import type { Outbox } from './email/outbox.ts';
import type { MarketingMail } from './marketing-mail/campaigns.ts';
import type { NikeProvider } from './nike-link/nike-provider.ts';
import type { SessionService } from './sessions/session-service.ts';
import type { ViewerCache } from './viewer/viewer-cache.ts';

/** What every feature is handed: built once in app.ts (and by tests), never a global. */
export interface AppContext {
  config: Config;
  db: Database;
  sessions: SessionService;
  /** Delivers the mails features write with enqueueMail (email/outbox.ts); features never send mail themselves. */
  outbox: Outbox;
  /** The origin members use; state changes are accepted from it only. */
  origin: string;
  production: boolean;
  /** Where the server keeps its files (PGlite, outbox, development keys). */
  dataDir: string;
  /** Bearer key of the partner API and operator CLI; null switches that API off. */
  partnerApiKey: string | null;
  /** Bearer key of GET /metrics; null or absent: /metrics answers 404. */
  metricsKey?: string | null;
  log: FastifyBaseLogger;
  /** The sportswear (Nike) account link's OpenID provider (nike-link/nike-provider.ts). */
  nike: NikeProvider;
  /** What the viewer may reuse between a session's requests, checked by each (viewer/viewer-cache.ts). */
  viewerCache: ViewerCache;
  /** Marketing mail's sending job (marketing-mail/campaigns.ts); started by start-server.ts only. */
  marketingMail: MarketingMail;
}

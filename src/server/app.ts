import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Config } from '#shared/config.ts';
import { registerAccountRoutes } from './account/account-routes.ts';
import type { AppContext } from './app-context.ts';
import { registerAppointmentsRoutes } from './appointments/appointments-routes.ts';
import { registerClaimsRoutes } from './claims/claims-routes.ts';
import { registerCredentialsRoutes } from './credentials/credentials-routes.ts';
import { registerMailbox } from './email/mailbox-routes.ts';
import type { MailTransport } from './email/mailer.ts';
import { createOutbox, mailsWrittenSoFar } from './email/outbox.ts';
import { eventCampaign } from './events/event-campaign.ts';
import { registerEventsRoutes } from './events/events-routes.ts';
import { registerCompression } from './http/compression.ts';
import { apiNotFound, isApiPath, registerErrorHandling } from './http/error-handling.ts';
import { serializeRequest } from './http/log-redaction.ts';
import { openMemberDoor } from './http/routes.ts';
import { registerImageRoutes } from './images/image-routes.ts';
import { registerInviteRoutes } from './joining/invite-routes.ts';
import { registerSignupRoutes } from './joining/signup-routes.ts';
import { registerVerificationRoutes } from './joining/verification-routes.ts';
import { marketingMail } from './marketing-mail/campaigns.ts';
import { registerUnsubscribeRoutes } from './marketing-mail/unsubscribe-routes.ts';
import { registerNikeLinkRoutes } from './nike-link/nike-link-routes.ts';
import { nikeProvider } from './nike-link/nike-provider.ts';
import { registerHealthRoutes } from './operations/health-routes.ts';
import { registerMetrics } from './operations/metrics-routes.ts';
import { registerPartnerApi } from './partner-api.ts';
import { registerPointsRoutes } from './points/points-routes.ts';
import { registerPrivacyRoutes } from './privacy/privacy-routes.ts';
import { privateSaleCampaign } from './private-sales/sale-campaign.ts';
import { registerPrivateSalesRoutes } from './private-sales/sales-routes.ts';
import { registerPublicContentRoutes } from './public-content/public-content-routes.ts';
import { registerSecurity } from './security/security-plugin.ts';
import { registerMemberSessionsRoutes } from './sessions/member-sessions-routes.ts';
import { registerSessions } from './sessions/session-plugin.ts';
import { registerSignInRoutes } from './signin/signin-routes.ts';
import { registerStaffApi } from './staff-api.ts';
import { styleGuideCampaign } from './style-guides/guide-campaign.ts';
import { registerStyleGuidesRoutes } from './style-guides/guides-routes.ts';
import { registerPersonalShopperRoutes } from './stylists/stylist-routes.ts';
import { viewerCache } from './viewer/viewer-cache.ts';
import { registerViewerRoutes } from './viewer/viewer-routes.ts';
import { registerWalletRoutes } from './wallet/wallet-routes.ts';
import { inlineScriptSources } from './web-host/inline-scripts.ts';
import { registerWebHost } from './web-host/web-host.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** mailsWrittenSoFar() as the request began: the outbox is woken after it if mail was written. */
    mailsAtStart: number;
  }
}

export interface BuildAppOptions {
  /** The built web app (dist/web); null for API-only use (API tests). */
  webDist: string | null;
  /** pino options; `stream` receives the log lines (tests read it to check nothing secret is logged). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
}

/** Builds the HTTP app around a context; main.ts and the tests both call this. */
export async function buildApp(
  ctx: Omit<AppContext, 'log' | 'outbox' | 'nike' | 'viewerCache' | 'marketingMail'> & {
    mailTransport: MailTransport;
  },
  options: BuildAppOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: options.logger
      ? { ...(options.logger === true ? {} : options.logger), serializers: { req: serializeRequest } }
      : false,
    // X-Forwarded-For only from the configured proxies (none by default): see trustedProxies.
    trustProxy: trustProxyOf(ctx.config.trustedProxies),
    bodyLimit: 64 * 1024,
    // One line per request is written below, and only at debug level when it succeeded: at the
    // default level a busy server's log holds what needs a look, not every viewer call.
    logController: new LogController({ disableRequestLogging: true }),
    // Some pass apps request the PassKit web service as …//v1/…: the same route.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });
  const { mailTransport, ...rest } = ctx;
  const outbox = createOutbox(ctx.db, mailTransport, ctx.config.mail, app.log);
  const context: AppContext = {
    ...rest,
    outbox,
    log: app.log,
    nike: nikeProvider(rest, app.log),
    viewerCache: viewerCache(),
    marketingMail: marketingMail(() => context, [privateSaleCampaign, styleGuideCampaign, eventCampaign]),
  };
  // The outbox worker runs with the app; after a response during whose request mail was written (its
  // transactions are committed by then) it is woken to deliver it, and it polls for the rest (other
  // servers, retries).
  app.addHook('onReady', async () => outbox.start());
  // Hooks that never wait are written with `done`: an async one costs every request its promise.
  // The count is a field of the request (no WeakMap entry per request for the collector to clear).
  app.decorateRequest('mailsAtStart', -1);
  app.addHook('onRequest', (request, _reply, done) => {
    request.mailsAtStart = mailsWrittenSoFar();
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    outbox.wakeIfWrittenSince(request.mailsAtStart);
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (reply.statusCode >= 400) request.log.info(line, 'request completed');
    else request.log.debug(line, 'request completed');
    done();
  });
  app.addHook('onClose', async () => {
    context.marketingMail.stop();
    await outbox.stop();
    await context.nike.close();
    mailTransport.close?.();
  });
  const knownApiPaths = new Map<string, Set<string>>();
  registerErrorHandling(app, knownApiPaths);
  await registerSecurity(app, context, inlineScriptSources(options.webDist));
  await registerCompression(app);
  await app.register(fastifyCookie);
  registerSessions(app, context);
  openMemberDoor(app, context.config);

  registerHealthRoutes(app, context);
  registerMetrics(app, context);
  registerViewerRoutes(app, context);
  registerSignInRoutes(app, context);
  registerPointsRoutes(app, context);
  registerClaimsRoutes(app, context);
  registerAppointmentsRoutes(app, context);
  registerAccountRoutes(app, context);
  registerPrivacyRoutes(app, context);
  registerPublicContentRoutes(app, context);
  await registerWalletRoutes(app, context);
  registerNikeLinkRoutes(app, context);
  registerInviteRoutes(app, context);
  registerSignupRoutes(app, context);
  registerVerificationRoutes(app, context);
  registerCredentialsRoutes(app, context);
  registerMemberSessionsRoutes(app, context);
  registerPrivateSalesRoutes(app, context);
  registerStyleGuidesRoutes(app, context);
  registerEventsRoutes(app, context);
  await registerUnsubscribeRoutes(app, context);
  registerImageRoutes(app, context);
  registerPersonalShopperRoutes(app, context);
  await registerPartnerApi(app, context);
  await registerStaffApi(app, context);
  registerMailbox(app, context);

  const web = await registerWebHost(app, context, options.webDist);
  const apiNotFoundAnswer = (request: FastifyRequest, reply: FastifyReply) => {
    const answer = apiNotFound(knownApiPaths, request.url, request.method);
    if (answer.allow) reply.header('allow', answer.allow);
    return reply.code(answer.status).send(answer.body);
  };
  // Every other GET is a page of the app: a route (not the not-found handler) so that it is
  // compressed like every route; other methods on a page's path get 405.
  app.get('/*', { config: { ownSessionQuery: true } }, (request, reply) =>
    isApiPath(request.url)
      ? apiNotFoundAnswer(request, reply)
      : web.renderPage(request, reply, pageStatus(request.url)),
  );
  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url)) return apiNotFoundAnswer(request, reply);
    return web.renderPage(request, reply, 405);
  });
  return { app, ctx: context };
}

/** Fastify's trustProxy for the `trustedProxies` key: the listed addresses/CIDRs, or nobody. */
function trustProxyOf(trusted: Config['trustedProxies']): FastifyServerOptions['trustProxy'] {
  return trusted.length > 0 ? [...trusted] : false;
}

/** The error pages answer with their own status (SPEC §2: /405 shows a 405 status). */
function pageStatus(url: string): number {
  const path = url.split('?')[0];
  if (path === '/404') return 404;
  if (path === '/405') return 405;
  return 200;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppContext } from '../app-context.ts';
import { HttpError } from '../http/errors.ts';
import { cameFromThisMachine } from './loopback.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Headers of the DESIGN security rules, and the same-origin rule for state changes: a member's
 * cookie acts only for a JSON request whose Origin is ours, so a cross-site form cannot act for them.
 */
export async function registerSecurity(
  app: FastifyInstance,
  ctx: AppContext,
  /** The built page's inline scripts, by hash (web-host/inline-scripts.ts). */
  inlineScripts: readonly string[] = [],
): Promise<void> {
  const secure = new URL(ctx.origin).protocol === 'https:';
  const chatOrigin = ctx.config.chatWidget.scriptUrl ? new URL(ctx.config.chatWidget.scriptUrl).origin : null;
  const sentryOrigin = ctx.config.sentry ? new URL(ctx.config.sentry.dsn).origin : null;
  const policy = (wasm: boolean) =>
    helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [
            "'self'",
            ...(wasm ? ["'wasm-unsafe-eval'"] : []),
            ...inlineScripts,
            ...(chatOrigin ? [chatOrigin] : []),
          ],
          // Inline styles: the server-rendered critical CSS and React's style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: [
            "'self'",
            ...(sentryOrigin ? [sentryOrigin] : []),
            ...(chatOrigin ? [chatOrigin] : []),
          ],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(secure ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
  const headers = policy(false);
  // The staff console's pages may compile WebAssembly (nothing else: no eval): its scan screen's
  // barcode decoder where the browser has no BarcodeDetector (docs/decisions/0084-scan-a-card.md).
  const staffPageHeaders = policy(true);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isStaffPage(request.url) ? staffPageHeaders : headers);
    done();
  });

  // Development pages (/dev/mailbox shows every member's sign-in links) answer only a browser on
  // this machine, whatever interface the server listens on. Production never registers them.
  // Callback hooks, as every hook that never waits: an async one costs every request its promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.url?.startsWith('/dev/') || cameFromThisMachine(request)) return done();
    // Answered here: the route is not run (a hook that replies does not call done).
    reply
      .code(403)
      .type('text/plain; charset=utf-8')
      .send(
        'The development mailbox is served only to a browser on the server itself: open http://localhost:PORT/dev/mailbox there.',
      );
  });

  const allowedOrigins = allowedOriginsFor(ctx.origin);
  app.addHook('onRequest', (request, _reply, done) => {
    if (safeMethods.has(request.method)) return done();
    // Decided by the route the router matched, never by the raw URL: the router decodes and
    // normalises the path (/%61pi/..., a trailing slash), so every spelling that reaches a route
    // meets that route's rule. A request that reaches no route is answered by the not-found
    // handler, which only renders the 404/405 answer and changes nothing.
    const route = request.routeOptions.url;
    if (route === undefined || actsWithoutCookie(route)) return done();
    const origin = request.headers.origin;
    if (!origin || !allowedOrigins.has(origin)) {
      return done(new HttpError(403, 'CrossSiteRequest', 'This request must come from the members site.'));
    }
    const type = request.headers['content-type'] ?? '';
    // An upload's route takes its raw bytes (what they are is decided by decoding them).
    if (request.routeOptions.config.rawBody && type === 'application/octet-stream') return done();
    if (!type.startsWith('application/json')) {
      return done(new HttpError(415, 'UnsupportedMediaType', 'Send the request body as application/json.'));
    }
    done();
  });
}

/**
 * Helmet's headers for these options, worked out once at start: @fastify/helmet builds helmet's
 * middleware (parsing the policy again) on every request, a tenth of a partner purchase's time in
 * the server. None of our directives depends on the request, so every answer carries the same ones.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** A page of the staff console (/staff, /staff/…), not its API (/staff-api). */
function isStaffPage(url: string): boolean {
  return url.startsWith('/staff') && (url.length === 6 || url[6] === '/' || url[6] === '?');
}

/**
 * Routes whose callers prove themselves with a key in the Authorization header on every call, never
 * with the member's cookie, so another site's page cannot act through them: the partner API (bearer
 * key), Apple's PassKit web service (the pass's own token) and Google Wallet's callbacks (signed by
 * Google, verified before anything is recorded), and a marketing mail's one-click unsubscribe (the
 * random token in its path is the proof; mail clients POST it as a form, RFC 8058). Every other
 * route is checked.
 */
const headerAuthenticatedPrefixes = ['/partner/v1/', '/passkit/v1/', '/wallet/google/', '/unsubscribe/'];

function actsWithoutCookie(route: string): boolean {
  return headerAuthenticatedPrefixes.some((prefix) => route.startsWith(prefix));
}

/** On localhost the same server is reached as localhost and 127.0.0.1; anywhere else, one origin. */
function allowedOriginsFor(origin: string): Set<string> {
  const url = new URL(origin);
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return new Set([url.origin]);
  return new Set([`${url.protocol}//localhost:${url.port}`, `${url.protocol}//127.0.0.1:${url.port}`]);
}

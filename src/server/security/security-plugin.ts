import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { HttpError } from '../http/errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Headers of the DESIGN security rules, and the same-origin rule for state changes: a member's
 * cookie acts only for a JSON POST whose Origin is ours, so a cross-site form cannot act for them.
 */
export async function registerSecurity(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const secure = new URL(ctx.origin).protocol === 'https:';
  const chatOrigin = ctx.config.chatWidget.scriptUrl ? new URL(ctx.config.chatWidget.scriptUrl).origin : null;
  const sentryOrigin = ctx.config.sentry ? new URL(ctx.config.sentry.dsn).origin : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(chatOrigin ? [chatOrigin] : [])],
        // Inline styles: the server-rendered critical CSS and React's style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(sentryOrigin ? [sentryOrigin] : []), ...(chatOrigin ? [chatOrigin] : [])],
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

  const allowedOrigins = allowedOriginsFor(ctx.origin);
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    // Only the member API acts on a cookie; the partner API authenticates by bearer key instead,
    // and a page path changes nothing (it answers the 405 page).
    if (!request.url.startsWith('/api')) return;
    const origin = request.headers.origin;
    if (!origin || !allowedOrigins.has(origin)) {
      throw new HttpError(403, 'This request must come from the members site.');
    }
    if (!request.headers['content-type']?.startsWith('application/json')) {
      throw new HttpError(415, 'Send the request body as application/json.');
    }
  });
}

/** On localhost the same server is reached as localhost and 127.0.0.1; anywhere else, one origin. */
export function allowedOriginsFor(origin: string): Set<string> {
  const url = new URL(origin);
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return new Set([url.origin]);
  return new Set([`${url.protocol}//localhost:${url.port}`, `${url.protocol}//127.0.0.1:${url.port}`]);
}

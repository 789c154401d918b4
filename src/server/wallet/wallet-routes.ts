import type { FastifyInstance } from 'fastify';
import { googlePayPassEndpoint, passkitPath, passkitQuerySchema } from '#shared/api/wallet.ts';
import type { AppContext } from '../app-context.ts';
import { unauthorized } from '../http/errors.ts';
import { parseOrThrow, route, signInRequired } from '../http/routes.ts';
import { googleCallbackPath } from './google-wallet.ts';
import { mayHaveChangedPass } from './pass-wake.ts';
import { registerPassKitWebService } from './passkit-routes.ts';
import { sendPass, walletService } from './wallet-service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route never writes what a wallet pass shows (signing in and out): no wallet round after it,
     * which would be a query on every sign-in.
     */
    passesUnchanged?: boolean;
  }
}

const loginFirst = 'You need to login first before we create your Google Pay pass.';

/** SPEC §7 passkit and google-pay/pass, Apple's PassKit web service, Google's callbacks, the artwork. */
export async function registerWalletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const wallet = await walletService(ctx);
  app.addHook('onReady', async () => {
    await wallet.ready();
    wallet.sync.start();
  });
  app.addHook('onClose', async () => wallet.sync.stop());
  // A write may have changed a pass (the triggers mark it due): look now rather than at the next poll.
  // Not after a route that never changes a pass (its config), nor a request that said it changed none.
  app.addHook('onResponse', (request, _reply, done) => {
    if (!request.routeOptions.config.passesUnchanged && mayHaveChangedPass(request)) wallet.sync.wake();
    done();
  });

  // A plain link (SPEC §2): a signed-out browser is sent to sign in; other callers get JSON.
  app.get(passkitPath, async (request, reply) => {
    const { token } = parseOrThrow(passkitQuerySchema, request.query ?? {});
    const account = await wallet.member(request, token);
    if (account) return sendPass(reply, await wallet.applePass(account));
    if ((request.headers.accept ?? '').includes('text/html')) return reply.redirect('/signin', 303);
    throw signInRequired();
  });

  route(app, googlePayPassEndpoint, async ({ token }, request, reply) => {
    reply.header('cache-control', 'no-store');
    const account = await wallet.member(request, token);
    if (!account) throw unauthorized('LOGIN_REQUIRED', loginFirst, { errorCode: 'LOGIN_REQUIRED' });
    return { success: true, saveUrl: await wallet.googleSaveUrl(account) };
  });

  // The programme logo Google Wallet shows (it fetches it from a public URL).
  app.get('/wallet/logo.png', async (_request, reply) =>
    reply
      .header('content-type', 'image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(wallet.logo()),
  );

  // Google Wallet's save and delete callbacks.
  app.post(googleCallbackPath, async (request, reply) =>
    reply.code((await wallet.googleCallback(request.body)) ? 200 : 401).send(),
  );

  await app.register(async (scope) => registerPassKitWebService(scope, ctx, wallet), {
    prefix: '/passkit/v1',
  });
}

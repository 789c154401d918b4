import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { googlePayPassEndpoint, passkitPath, passkitQuerySchema } from '#shared/api/wallet.ts';
import type { AppContext } from '../app-context.ts';
import { unauthorized } from '../http/errors.ts';
import { parseOrThrow, route } from '../http/routes.ts';
import { type AccountRow, findAccountById } from '../members/account-service.ts';
import { signInRequired } from '../sessions/session-plugin.ts';
import { buildApplePass } from './apple-pass.ts';
import { googleCallbackKeys, verifyGoogleCallback } from './google-callbacks.ts';
import { googleCallbackPath, googleSaveUrl, loyaltyClassId } from './google-wallet.ts';
import { loadPassSigningKeys, type PassSigningKeys } from './pass-signing-keys.ts';
import { registerPassKitWebService } from './passkit-routes.ts';
import { brandMark, parseColour } from './png.ts';
import { authTokenFor, passAuthKey, refreshPass } from './wallet-passes.ts';
import { recordGoogleCallback } from './wallet-registrations.ts';
import { createWalletSync, type WalletSync } from './wallet-sync.ts';
import { accountIdForWalletToken } from './wallet-tokens.ts';

const loaded = new WeakMap<AppContext, PassSigningKeys>();
const syncs = new WeakMap<AppContext, WalletSync>();

/** The wallet worker of an app (tests drain it to see the pushes and patches a change causes). */
export function walletSync(ctx: AppContext): WalletSync {
  const sync = syncs.get(ctx);
  if (!sync) throw new Error('wallet routes not registered');
  return sync;
}

/** The wallet certificates and keys in use (tests read the development ones to verify signatures). */
export function passSigningKeys(ctx: AppContext): PassSigningKeys {
  const credentials = loaded.get(ctx);
  if (!credentials) throw new Error('wallet routes not registered');
  return credentials;
}

const loginFirst = 'You need to login first before we create your Google Pay pass.';

/** SPEC §7 passkit and google-pay/pass, Apple's PassKit web service, and the pass artwork. */
export async function registerWalletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const credentials = await loadPassSigningKeys(ctx.config, ctx.dataDir, ctx.production, ctx.log);
  loaded.set(ctx, credentials);
  const authKey = await passAuthKey(ctx.db);
  // No trailing slash: devices append /v1/… themselves (a slash here made some request //v1/…).
  const webServiceURL = `${ctx.origin}/passkit`;
  const sync = createWalletSync(ctx, credentials);
  syncs.set(ctx, sync);
  app.addHook('onReady', async () => sync.start());
  app.addHook('onClose', async () => sync.stop());
  // A write may have changed a pass (the triggers mark it due): look now rather than at the next poll.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') sync.wake();
  });
  const signedPasses = new Map<string, Buffer>();

  /** The member the request speaks for: the session's, or the onboarding token's. */
  async function walletMember(
    request: FastifyRequest,
    token: string | undefined,
  ): Promise<AccountRow | null> {
    const accountId =
      request.session?.accountId ?? (token ? await accountIdForWalletToken(ctx.db, token) : null);
    return accountId ? ((await findAccountById(ctx.db, accountId)) ?? null) : null;
  }

  async function sendPass(reply: FastifyReply, account: AccountRow) {
    const { row, content } = await refreshPass(ctx.db, ctx.config, account);
    // Signing is the slow part (node-forge RSA, tens of ms): an unchanged pass is served again.
    const cacheKey = `${row.serial_number}|${row.content_hash}`;
    let file = signedPasses.get(cacheKey);
    if (!file) {
      file = buildApplePass(ctx.config, credentials.apple, {
        content,
        serialNumber: row.serial_number,
        authenticationToken: authTokenFor(authKey, row.serial_number),
        webServiceURL,
        origin: ctx.origin,
      });
      signedPasses.set(cacheKey, file);
      if (signedPasses.size > 200) signedPasses.delete(signedPasses.keys().next().value ?? '');
    }
    return reply
      .header('content-type', 'application/vnd.apple.pkpass')
      .header('content-disposition', 'attachment; filename="membership.pkpass"')
      .header('cache-control', 'no-store')
      .header('last-modified', new Date(row.updated_at).toUTCString())
      .send(file);
  }

  // A plain link (SPEC §2): a signed-out browser is sent to sign in; other callers get JSON.
  app.get(passkitPath, async (request, reply) => {
    const { token } = parseOrThrow(passkitQuerySchema, request.query ?? {});
    const account = await walletMember(request, token);
    if (!account) {
      if ((request.headers.accept ?? '').includes('text/html')) return reply.redirect('/signin', 303);
      throw signInRequired();
    }
    return sendPass(reply, account);
  });

  route(app, googlePayPassEndpoint, async ({ token }, request, reply) => {
    reply.header('cache-control', 'no-store');
    const account = await walletMember(request, token);
    if (!account) throw unauthorized('LOGIN_REQUIRED', loginFirst, { errorCode: 'LOGIN_REQUIRED' });
    const { row, content } = await refreshPass(ctx.db, ctx.config, account);
    // Google unreachable: the link carries the object itself (created at save; updated once a later
    // request has created it through the API).
    const objectId = await sync.googleObject(row, content).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'Google Wallet object not created; the save link carries it');
      return null;
    });
    return {
      success: true,
      saveUrl: await googleSaveUrl(
        ctx.config,
        credentials.google,
        objectId ? { objectId } : { content, serialNumber: row.serial_number },
        ctx.origin,
      ),
    };
  });

  // The programme logo Google Wallet shows (it fetches it from a public URL).
  const logo = brandMark(660, parseColour(ctx.config.wallet.labelColor), [
    ...parseColour(ctx.config.wallet.backgroundColor),
    255,
  ]);
  app.get('/wallet/logo.png', async (_request, reply) =>
    reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400').send(logo),
  );

  // Google Wallet's save and delete callbacks: verified with Google's keys, then recorded.
  const callbackKeys = googleCallbackKeys(ctx.config.wallet.google);
  let keysRefreshedAt = 0;
  app.post(googleCallbackPath, async (request, reply) => {
    const { issuerId } = ctx.config.wallet.google;
    let callback = verifyGoogleCallback(request.body, await callbackKeys(), issuerId);
    // Google may have rotated its keys: look again, at most once a minute.
    if (!callback && Date.now() - keysRefreshedAt > 60_000) {
      keysRefreshedAt = Date.now();
      callback = verifyGoogleCallback(request.body, await callbackKeys(true), issuerId);
    }
    if (!callback) return reply.code(401).send();
    await recordGoogleCallback(ctx.db, { issuerId, classId: loyaltyClassId(ctx.config) }, callback);
    return reply.code(200).send();
  });

  await app.register(async (scope) => registerPassKitWebService(scope, ctx, authKey, sendPass), {
    prefix: '/passkit/v1',
  });
}

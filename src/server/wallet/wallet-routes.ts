import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { googlePayPassEndpoint, passkitPath, passkitQuerySchema } from '#shared/api/wallet.ts';
import { type AccountRow, findAccountById } from '../accounts/account-service.ts';
import type { AppContext } from '../app-context.ts';
import { queryOne } from '../db/database.ts';
import { unauthorized } from '../http/errors.ts';
import { parseOrThrow, route } from '../http/routes.ts';
import { signInRequired } from '../sessions/session-plugin.ts';
import { pushPassUpdates } from './apns.ts';
import { buildApplePass } from './apple-pass.ts';
import { loadWalletCredentials, type WalletCredentials } from './credentials.ts';
import { googleSaveUrl } from './google-wallet.ts';
import { brandMark, parseColour } from './png.ts';
import {
  authTokenFor,
  findPass,
  isAuthorised,
  passAuthKey,
  refreshPass,
  refreshRegisteredPasses,
} from './wallet-passes.ts';
import { accountIdForWalletToken } from './wallet-tokens.ts';

const loaded = new WeakMap<AppContext, WalletCredentials>();

/** The wallet certificates and keys in use (tests read the development ones to verify signatures). */
export function walletCredentials(ctx: AppContext): WalletCredentials {
  const credentials = loaded.get(ctx);
  if (!credentials) throw new Error('wallet routes not registered');
  return credentials;
}

const loginFirst = 'You need to login first before we create your Google Pay pass.';

/** SPEC §7 passkit and google-pay/pass, Apple's PassKit web service, and the pass artwork. */
export async function registerWalletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const credentials = await loadWalletCredentials(ctx.config, ctx.dataDir, ctx.production, ctx.log);
  loaded.set(ctx, credentials);
  const authKey = await passAuthKey(ctx.db);
  const webServiceURL = `${ctx.origin}/passkit/`;
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
    const { content } = await refreshPass(ctx.db, ctx.config, account);
    return {
      success: true,
      saveUrl: await googleSaveUrl(ctx.config, credentials.google, content, ctx.origin),
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

  await app.register(async (scope) => registerPassKitWebService(scope, ctx, authKey, sendPass), {
    prefix: '/passkit/v1',
  });

  startApnsSweep(app, ctx, credentials);
}

export const deviceParams = z.object({
  deviceLibraryIdentifier: text({ trim: false }).min(1).max(256),
  passTypeIdentifier: text({ trim: false }).min(1).max(256),
});
export const passParams = deviceParams.extend({ serialNumber: text({ trim: false }).min(1).max(256) });

/**
 * Apple's PassKit web service (developer.apple.com/documentation/walletpasses/adding-a-web-service-to-update-passes):
 * devices register for updates of a pass, ask which serials changed since a tag, fetch the latest
 * pass and send their logs. Calls about one pass carry `Authorization: ApplePass <token>`.
 */
function registerPassKitWebService(
  scope: FastifyInstance,
  ctx: AppContext,
  authKey: Buffer,
  sendPass: (reply: FastifyReply, account: AccountRow) => Promise<FastifyReply>,
): void {
  const passTypeId = ctx.config.wallet.apple.passTypeIdentifier;
  // Devices may send DELETE with a JSON content type and no body.
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body ? JSON.parse(String(body)) : {});
    } catch {
      done(null, {});
    }
  });

  async function authorisedPass(
    request: FastifyRequest,
    params: { passTypeIdentifier: string; serialNumber: string },
  ) {
    if (params.passTypeIdentifier !== passTypeId) return null;
    if (!isAuthorised(authKey, params.serialNumber, request.headers.authorization)) return null;
    return (await findPass(ctx.db, params.serialNumber)) ?? null;
  }

  const registrationPath =
    '/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber';

  scope.post(registrationPath, async (request, reply) => {
    const params = parseOrThrow(passParams, request.params);
    const pass = await authorisedPass(request, params);
    if (!pass) return reply.code(401).send();
    const body = parseOrThrow(
      z.object({ pushToken: text({ trim: false }).min(1).max(512) }),
      request.body ?? {},
    );
    const existing = await queryOne(
      ctx.db,
      `SELECT 1 FROM wallet_registrations
        WHERE device_library_id = $1 AND pass_type_id = $2 AND serial_number = $3`,
      [params.deviceLibraryIdentifier, params.passTypeIdentifier, params.serialNumber],
    );
    await ctx.db.query(
      `INSERT INTO wallet_registrations (device_library_id, pass_type_id, serial_number, push_token)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (device_library_id, pass_type_id, serial_number) DO UPDATE SET push_token = EXCLUDED.push_token`,
      [params.deviceLibraryIdentifier, params.passTypeIdentifier, params.serialNumber, body.pushToken],
    );
    return reply.code(existing ? 200 : 201).send();
  });

  scope.delete(registrationPath, async (request, reply) => {
    const params = parseOrThrow(passParams, request.params);
    const pass = await authorisedPass(request, params);
    if (!pass) return reply.code(401).send();
    await ctx.db.query(
      `DELETE FROM wallet_registrations
        WHERE device_library_id = $1 AND pass_type_id = $2 AND serial_number = $3`,
      [params.deviceLibraryIdentifier, params.passTypeIdentifier, params.serialNumber],
    );
    return reply.code(200).send();
  });

  scope.get('/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier', async (request, reply) => {
    const params = parseOrThrow(deviceParams, request.params);
    const { passesUpdatedSince } = parseOrThrow(
      z.object({
        passesUpdatedSince: z
          .string()
          .regex(/^\d{1,18}$/)
          .optional(),
      }),
      request.query ?? {},
    );
    if (params.passTypeIdentifier !== passTypeId) return reply.code(204).send();
    await refreshRegisteredPasses(ctx.db, ctx.config, params.deviceLibraryIdentifier);
    const rows = await ctx.db.query<{ serial_number: string; update_seq: number | string }>(
      `SELECT p.serial_number, p.update_seq FROM wallet_passes p
         JOIN wallet_registrations r ON r.serial_number = p.serial_number
        WHERE r.device_library_id = $1 AND r.pass_type_id = $2 AND p.update_seq > $3
        ORDER BY p.update_seq`,
      [params.deviceLibraryIdentifier, params.passTypeIdentifier, passesUpdatedSince ?? '0'],
    );
    if (rows.length === 0) return reply.code(204).send();
    const lastUpdated = String(rows.at(-1)?.update_seq);
    return reply.send({ serialNumbers: rows.map((row) => row.serial_number), lastUpdated });
  });

  scope.get('/passes/:passTypeIdentifier/:serialNumber', async (request, reply) => {
    const params = parseOrThrow(passParams.omit({ deviceLibraryIdentifier: true }), request.params);
    const pass = await authorisedPass(request, params);
    if (!pass) return reply.code(401).send();
    const account = await findAccountById(ctx.db, pass.account_id);
    if (!account) return reply.code(404).send();
    const { row } = await refreshPass(ctx.db, ctx.config, account);
    const since = Date.parse(request.headers['if-modified-since'] ?? '');
    // HTTP dates have whole seconds.
    if (!Number.isNaN(since) && Math.floor(new Date(row.updated_at).getTime() / 1000) * 1000 <= since) {
      return reply.code(304).send();
    }
    return sendPass(reply, account);
  });

  scope.post('/log', async (request, reply) => {
    const body = parseOrThrow(z.object({ logs: z.array(z.string().max(4096)).max(100) }), request.body ?? {});
    for (const line of body.logs) ctx.log.warn({ passkit: line }, 'Apple Wallet device log');
    return reply.code(200).send();
  });
}

/** Sends one "pass changed" push to each push token; answers the APNs status per token. */
export type PushSender = (pushTokens: string[]) => Promise<Map<string, number>>;

/**
 * One sweep: refreshes every registered pass, pushes to the devices of those that changed, and
 * forgets the registrations APNs says are gone (410). Answers the serials that changed.
 */
export async function pushChangedPasses(ctx: AppContext, send: PushSender): Promise<string[]> {
  const changed = await refreshRegisteredPasses(ctx.db, ctx.config, null);
  if (changed.length === 0) return [];
  const serials = changed.map((row) => row.serial_number);
  const tokens = await ctx.db.query<{ push_token: string }>(
    'SELECT DISTINCT push_token FROM wallet_registrations WHERE serial_number = ANY($1::text[])',
    [serials],
  );
  const results = await send(tokens.map((row) => row.push_token));
  const gone = [...results].filter(([, status]) => status === 410).map(([token]) => token);
  if (gone.length) {
    await ctx.db.query('DELETE FROM wallet_registrations WHERE push_token = ANY($1::text[])', [gone]);
  }
  return serials;
}

/** With APNs on, looks for changed passes every few seconds and tells their devices. */
function startApnsSweep(app: FastifyInstance, ctx: AppContext, credentials: WalletCredentials): void {
  const apns = ctx.config.wallet.apple.apns;
  if (!apns.enabled) return;
  const send: PushSender = (tokens) =>
    pushPassUpdates(apns.host, credentials.apple, ctx.config.wallet.apple.passTypeIdentifier, tokens);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pushChangedPasses(ctx, send)
      .catch((error) => ctx.log.error({ err: error }, 'wallet push sweep failed'))
      .finally(() => {
        running = false;
      });
  }, apns.sweepSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

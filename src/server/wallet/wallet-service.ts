import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { type AccountRow, findAccountById } from '../members/account-service.ts';
import { buildApplePass } from './apple-pass.ts';
import { googleCallbackKeys, verifyGoogleCallback } from './google-callbacks.ts';
import { googleSaveUrl, loyaltyClassId } from './google-wallet.ts';
import { loadPassSigningKeys, type PassSigningKeys } from './pass-signing-keys.ts';
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

/** A signed Apple pass and when its content last changed. */
interface SignedPass {
  file: Buffer;
  updatedAt: Date;
}

/** Sends a signed pass as the download Apple Wallet opens. */
export function sendPass(reply: FastifyReply, pass: SignedPass) {
  return reply
    .header('content-type', 'application/vnd.apple.pkpass')
    .header('content-disposition', 'attachment; filename="membership.pkpass"')
    .header('cache-control', 'no-store')
    .header('last-modified', pass.updatedAt.toUTCString())
    .send(pass.file);
}

export type WalletService = Awaited<ReturnType<typeof walletService>>;

/**
 * The member's passes: the Apple pass (signed, served again while unchanged), the Google Wallet save
 * link, Google's save and delete callbacks, and the programme logo Google Wallet fetches. Loads the
 * signing keys and the pass authentication key once, and makes the wallet worker (wallet-sync.ts).
 */
export async function walletService(ctx: AppContext) {
  const credentials = await loadPassSigningKeys(ctx.config, ctx.dataDir, ctx.production, ctx.log);
  loaded.set(ctx, credentials);
  // Read (made once) from the database, which may still be opening while the app is built (main.ts):
  // awaited by ready(), before the server listens (registerWalletRoutes' onReady).
  const authKeyRead = passAuthKey(ctx.db);
  authKeyRead.catch(() => undefined);
  let authKey: Buffer | undefined;
  const key = (): Buffer => {
    if (!authKey) throw new Error('the wallet is not ready (its onReady hook has not run)');
    return authKey;
  };
  // No trailing slash: devices append /v1/… themselves (a slash here made some request //v1/…).
  const webServiceURL = `${ctx.origin}/passkit`;
  const sync = createWalletSync(ctx, credentials);
  syncs.set(ctx, sync);
  const signedPasses = new Map<string, Buffer>();
  const { labelColor, backgroundColor, google } = ctx.config.wallet;
  const callbackKeys = googleCallbackKeys(google);
  let keysRefreshedAt = 0;
  let logo: Buffer | undefined;

  return {
    async ready() {
      authKey = await authKeyRead;
    },
    /** The key of the passes' web-service tokens (wallet-passes.ts), once ready. */
    authKey: key,
    sync,
    /** The programme logo, drawn at its first request rather than at every start. */
    logo: () => {
      logo ??= brandMark(660, parseColour(labelColor), [...parseColour(backgroundColor), 255]);
      return logo;
    },

    /** The member the request speaks for: the session's, or the onboarding token's. */
    async member(request: FastifyRequest, token: string | undefined): Promise<AccountRow | null> {
      const accountId =
        request.session?.accountId ?? (token ? await accountIdForWalletToken(ctx.db, token) : null);
      return accountId ? ((await findAccountById(ctx.db, accountId)) ?? null) : null;
    },

    async applePass(account: AccountRow): Promise<SignedPass> {
      const { row, content } = await refreshPass(ctx.db, ctx.config, account);
      // Signing is the slow part (node-forge RSA, tens of ms): an unchanged pass is served again.
      const cacheKey = `${row.serial_number}|${row.content_hash}`;
      let file = signedPasses.get(cacheKey);
      if (!file) {
        file = await buildApplePass(ctx.config, credentials.apple, {
          content,
          serialNumber: row.serial_number,
          authenticationToken: authTokenFor(key(), row.serial_number),
          webServiceURL,
          origin: ctx.origin,
        });
        signedPasses.set(cacheKey, file);
        if (signedPasses.size > 200) signedPasses.delete(signedPasses.keys().next().value ?? '');
      }
      return { file, updatedAt: new Date(row.updated_at) };
    },

    async googleSaveUrl(account: AccountRow): Promise<string> {
      const { row, content } = await refreshPass(ctx.db, ctx.config, account);
      // Google unreachable: the link carries the object itself (created at save; updated once a later
      // request has created it through the API).
      const objectId = await sync.googleObject(row, content).catch((error: unknown) => {
        ctx.log.warn({ err: error }, 'Google Wallet object not created; the save link carries it');
        return null;
      });
      const object = objectId ? { objectId } : { content, serialNumber: row.serial_number };
      return googleSaveUrl(ctx.config, credentials.google, object, ctx.origin);
    },

    /** Google Wallet's save or delete callback, verified with Google's keys and recorded; false if forged. */
    async googleCallback(body: unknown): Promise<boolean> {
      const { issuerId } = google;
      let callback = verifyGoogleCallback(body, await callbackKeys(), issuerId);
      // Google may have rotated its keys: look again, at most once a minute.
      if (!callback && Date.now() - keysRefreshedAt > 60_000) {
        keysRefreshedAt = Date.now();
        callback = verifyGoogleCallback(body, await callbackKeys(true), issuerId);
      }
      if (!callback) return false;
      await recordGoogleCallback(ctx.db, { issuerId, classId: loyaltyClassId(ctx.config) }, callback);
      return true;
    },
  };
}

import type { Config } from '#shared/config.ts';
import type { GoogleServiceAccount } from './pass-signing-keys.ts';

const scope = 'https://www.googleapis.com/auth/wallet_object.issuer';

/** A Google Wallet REST answer other than success (status 0: no answer). */
class GoogleWalletError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Whether the REST API is on: configured so, or else exactly when a real service account is. */
export const googleApiOn = (google: Config['wallet']['google']) =>
  google.apiEnabled ?? google.serviceAccountKeyPath !== null;

/** The kinds of pass the scheme issues: the membership card (loyalty) and event tickets. */
type PassKind = 'loyalty' | 'eventTicket';

export interface GoogleWalletApi {
  /** GET <kind>Class/{id}; null when Google has none (404). */
  getClass(id: string): Promise<Record<string, unknown> | null>;
  insertClass(body: Record<string, unknown>): Promise<void>;
  patchClass(id: string, body: Record<string, unknown>): Promise<void>;
  /** POST loyaltyObject; false when an object with that id exists already (409). */
  insertObject(body: Record<string, unknown>): Promise<boolean>;
  patchObject(id: string, body: Record<string, unknown>): Promise<void>;
}

/**
 * The Google Wallet REST API (developers.google.com/wallet/retail/loyalty-cards/rest), authorised
 * as the service account: a JWT signed RS256 with its key is exchanged at the token endpoint for an
 * access token (OAuth 2 JWT bearer grant, RFC 7523), kept until a minute before it expires.
 */
export function googleWalletApi(
  google: Config['wallet']['google'],
  account: GoogleServiceAccount,
  fetchImpl: typeof fetch = fetch,
  kind: PassKind = 'loyalty',
): GoogleWalletApi {
  let token: { value: string; expiresAt: number } | null = null;
  let key: Promise<CryptoKey> | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    // jose loads with the first call to Google, not at every start.
    const { importPKCS8, SignJWT } = await import('jose');
    key ??= importPKCS8(account.private_key, 'RS256');
    const assertion = await new SignJWT({ scope })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(account.private_key_id ? { kid: account.private_key_id } : {}),
      })
      .setIssuer(account.client_email)
      .setAudience(google.tokenUrl)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await key);
    const response = await send(google.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    });
    if (!response.ok)
      throw new GoogleWalletError(response.status, `token endpoint answered ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token)
      throw new GoogleWalletError(response.status, 'token endpoint gave no access_token');
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return token.value;
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new GoogleWalletError(0, `${url}: ${(error as Error).message}`);
    }
  }

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await send(`${google.apiBaseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // A token revoked early: forget it, so the next call fetches a new one.
    if (response.status === 401) token = null;
    return response;
  }

  async function expect(response: Response, what: string, allowed: number[] = []): Promise<void> {
    if (response.ok || allowed.includes(response.status)) return;
    const text = (await response.text()).slice(0, 300);
    throw new GoogleWalletError(response.status, `${what} answered ${response.status}: ${text}`);
  }

  async function getJson(path: string, what: string) {
    const response = await call('GET', path);
    if (response.status === 404) return null;
    await expect(response, what);
    return (await response.json()) as Record<string, unknown>;
  }

  const id = (value: string) => encodeURIComponent(value);
  const [classes, objects] = [`${kind}Class`, `${kind}Object`];
  return {
    getClass: (classId) => getJson(`/${classes}/${id(classId)}`, `${classes}.get`),
    async insertClass(body) {
      await expect(await call('POST', `/${classes}`, body), `${classes}.insert`, [409]);
    },
    async patchClass(classId, body) {
      await expect(await call('PATCH', `/${classes}/${id(classId)}`, body), `${classes}.patch`);
    },
    async insertObject(body) {
      const response = await call('POST', `/${objects}`, body);
      await expect(response, `${objects}.insert`, [409]);
      return response.status !== 409;
    },
    async patchObject(objectId, body) {
      await expect(await call('PATCH', `/${objects}/${id(objectId)}`, body), `${objects}.patch`);
    },
  };
}

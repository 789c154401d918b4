import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import type { Config } from '#shared/config.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Google Wallet's save and delete callbacks (callbackOptions.url of the class), as Google signs them:
 * the ECv2SigningOnly protocol of Tink's PaymentMethodTokenRecipient. Google's root keys (fetched from
 * wallet.google.callbackKeysUrl) sign an intermediate key; the intermediate key signs the message.
 * Each signature is ECDSA P-256 / SHA-256 (DER) over the length-prefixed fields
 * (4-byte little-endian length, then the UTF-8 bytes):
 * - intermediate key: senderId "GooglePayPasses", protocolVersion, signedKey;
 * - message: senderId, recipientId (our issuer id), protocolVersion, signedMessage.
 * Both keys carry an expiry (keyExpiration, ms), and the message its own (expTimeMillis).
 */
const senderId = 'GooglePayPasses';
const protocolVersion = 'ECv2SigningOnly';

export interface GoogleCallback {
  classId: string;
  objectId: string;
  eventType: 'save' | 'del';
  nonce: string;
  expTimeMillis: number;
}

function lengthValue(...parts: string[]): Buffer {
  return Buffer.concat(
    parts.flatMap((part) => {
      const bytes = Buffer.from(part, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32LE(bytes.length);
      return [length, bytes];
    }),
  );
}

function publicKey(base64: string): KeyObject {
  return createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });
}

function verifies(key: KeyObject, data: Buffer, signature: string): boolean {
  try {
    return verify('sha256', data, { key, dsaEncoding: 'der' }, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

function notExpired(expiration: unknown, now: number): boolean {
  const millis = Number(expiration);
  return Number.isFinite(millis) && millis > now;
}

interface RootKey {
  keyValue: string;
  protocolVersion: string;
  keyExpiration?: string;
}

/** Google's root signing keys, fetched at most hourly (and again when a callback fails with them). */
export function googleCallbackKeys(google: Config['wallet']['google'], fetchImpl: typeof fetch = fetch) {
  let cached: { keys: RootKey[]; at: number } | null = null;
  return async (refresh = false): Promise<RootKey[]> => {
    if (cached && !refresh && Date.now() - cached.at < 3_600_000) return cached.keys;
    // Google's keys out of reach is our outage, not a bad callback: 503, and Google sends it again.
    const unavailable = () =>
      new HttpError(503, 'Unavailable', 'Google Wallet signing keys cannot be fetched now; try again later.');
    let body: { keys?: RootKey[] };
    try {
      const response = await fetchImpl(google.callbackKeysUrl, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw unavailable();
      body = (await response.json()) as { keys?: RootKey[] };
    } catch (error) {
      throw error instanceof HttpError ? error : unavailable();
    }
    cached = { keys: Array.isArray(body.keys) ? body.keys : [], at: Date.now() };
    return cached.keys;
  };
}

/**
 * The callback's message if its signatures verify for this recipient and nothing has expired; null
 * for anything else (unsigned, tampered, another issuer's, expired, malformed).
 */
export function verifyGoogleCallback(
  body: unknown,
  rootKeys: RootKey[],
  recipientId: string,
  now = Date.now(),
): GoogleCallback | null {
  if (typeof body !== 'object' || body === null) return null;
  const token = body as Record<string, unknown>;
  const intermediate = token.intermediateSigningKey as Record<string, unknown> | undefined;
  if (
    token.protocolVersion !== protocolVersion ||
    typeof token.signature !== 'string' ||
    typeof token.signedMessage !== 'string' ||
    typeof intermediate?.signedKey !== 'string' ||
    !Array.isArray(intermediate.signatures)
  ) {
    return null;
  }
  const signedKey = intermediate.signedKey;
  const roots = rootKeys
    .filter(
      (key) =>
        key.protocolVersion === protocolVersion &&
        (key.keyExpiration === undefined || notExpired(key.keyExpiration, now)),
    )
    .map((key) => publicKey(key.keyValue));
  const keyData = lengthValue(senderId, protocolVersion, signedKey);
  const keySigned = intermediate.signatures.some(
    (signature) => typeof signature === 'string' && roots.some((root) => verifies(root, keyData, signature)),
  );
  if (!keySigned) return null;
  let intermediateKey: { keyValue?: unknown; keyExpiration?: unknown };
  try {
    intermediateKey = JSON.parse(signedKey) as typeof intermediateKey;
  } catch {
    return null;
  }
  if (typeof intermediateKey.keyValue !== 'string' || !notExpired(intermediateKey.keyExpiration, now))
    return null;
  const messageData = lengthValue(senderId, recipientId, protocolVersion, token.signedMessage);
  if (!verifies(publicKey(intermediateKey.keyValue), messageData, token.signature)) return null;
  let message: Partial<GoogleCallback>;
  try {
    message = JSON.parse(token.signedMessage) as Partial<GoogleCallback>;
  } catch {
    return null;
  }
  if (
    typeof message.classId !== 'string' ||
    typeof message.objectId !== 'string' ||
    (message.eventType !== 'save' && message.eventType !== 'del') ||
    typeof message.nonce !== 'string' ||
    !notExpired(message.expTimeMillis, now)
  ) {
    return null;
  }
  return {
    classId: message.classId,
    objectId: message.objectId,
    eventType: message.eventType,
    nonce: message.nonce,
    expTimeMillis: Number(message.expTimeMillis),
  };
}

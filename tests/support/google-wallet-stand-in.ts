import { createPrivateKey, createPublicKey, randomUUID, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';
import { keyPairSync } from '#server/security/key-pairs.ts';

/** One request as the stand-in received it. */
interface GoogleRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

const senderId = 'GooglePayPasses';
const protocolVersion = 'ECv2SigningOnly';

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

function ecKeys() {
  const { publicKey, privateKey } = keyPairSync({ type: 'ec', namedCurve: 'prime256v1' });
  return {
    privateKey,
    spki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

/**
 * A local stand-in of the Google Wallet REST API and its OAuth 2 token endpoint, built from Google's
 * reference (developers.google.com/wallet/retail/loyalty-cards/rest): the service account's JWT
 * grant at /token (RS256, audience = the token URL, the wallet_object.issuer scope) answers a bearer
 * token; /walletobjects/v1/loyaltyClass and /loyaltyObject (and eventTicketClass and eventTicketObject) take insert (POST; 409 when the id
 * exists), get (404 when not) and patch (merge). It also plays Google's callback side:
 * /keys serves root signing keys, and `signCallback` signs a save/delete message as Google does
 * (ECv2SigningOnly: a root key signs an intermediate key that signs the message). Records requests.
 */
export async function startGoogleWalletStandIn() {
  const requests: GoogleRequest[] = [];
  const classes = new Map<string, Record<string, unknown>>();
  const objects = new Map<string, Record<string, unknown>>();
  const tokens = new Set<string>();
  let serviceAccount: { email: string; publicKeyPem: string } | null = null;
  const root = ecKeys();
  let url = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string) =>
    json(res, status, { error: { code: status, message } });

  async function readBody(req: IncomingMessage): Promise<string> {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return text;
  }

  async function token(req: IncomingMessage, res: ServerResponse, text: string) {
    const form = new URLSearchParams(text);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !serviceAccount) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    try {
      const key = await importSPKI(serviceAccount.publicKeyPem, 'RS256');
      const { payload } = await jwtVerify(form.get('assertion') ?? '', key, {
        issuer: serviceAccount.email,
        audience: `${url}/token`,
        algorithms: ['RS256'],
      });
      if (payload.scope !== 'https://www.googleapis.com/auth/wallet_object.issuer') throw new Error('scope');
    } catch {
      return json(res, 400, { error: 'invalid_grant' });
    }
    void req;
    const value = `ya29.stand-in-${randomUUID()}`;
    tokens.add(value);
    return json(res, 200, { access_token: value, expires_in: 3599, token_type: 'Bearer' });
  }

  function walletObjects(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: Record<string, unknown> | null,
  ) {
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!auth?.[1] || !tokens.has(auth[1]))
      return error(res, 401, 'Request had invalid authentication credentials.');
    const match = /^\/walletobjects\/v1\/(loyalty|eventTicket)(Class|Object)(?:\/([^/]+))?$/.exec(path);
    if (!match) return error(res, 404, 'Not found');
    const isClass = match[2] === 'Class';
    const store = isClass ? classes : objects;
    const id = match[3] ? decodeURIComponent(match[3]) : null;
    if (req.method === 'POST' && !id) {
      const newId = String(body?.id ?? '');
      if (!newId) return error(res, 400, 'id is required');
      if (store.has(newId)) return error(res, 409, `Resource already exists: ${newId}`);
      if (!isClass && !classes.has(String(body?.classId))) {
        return error(res, 404, `Class not found: ${String(body?.classId)}`);
      }
      store.set(newId, { ...body });
      return json(res, 200, store.get(newId));
    }
    if (!id) return error(res, 405, 'Method not allowed');
    const existing = store.get(id);
    if (!existing) return error(res, 404, `Resource not found: ${id}`);
    if (req.method === 'GET') return json(res, 200, existing);
    if (req.method === 'PATCH') {
      const merged = { ...existing, ...body, id };
      store.set(id, merged);
      return json(res, 200, merged);
    }
    return error(res, 405, 'Method not allowed');
  }

  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      let body: Record<string, unknown> | null = null;
      if (text && req.headers['content-type']?.includes('json'))
        body = JSON.parse(text) as Record<string, unknown>;
      requests.push({ method: req.method ?? '', path, body });
      if (path === '/token' && req.method === 'POST') return token(req, res, text);
      if (path === '/keys' && req.method === 'GET') {
        return json(res, 200, {
          keys: [{ keyValue: root.spki, protocolVersion, keyExpiration: String(Date.now() + 86_400_000) }],
        });
      }
      return walletObjects(req, res, path, body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** The app's configuration keys that point at this stand-in. */
    config: {
      apiEnabled: true,
      apiBaseUrl: `${url}/walletobjects/v1`,
      tokenUrl: `${url}/token`,
      callbackKeysUrl: `${url}/keys`,
    },
    requests,
    objects,
    classes,
    /** Accepts JWT grants from this service account (its public key verifies them). */
    trustServiceAccount(email: string, privateKeyPem: string) {
      const publicKeyPem = createPublicKey(createPrivateKey(privateKeyPem))
        .export({ type: 'spki', format: 'pem' })
        .toString();
      serviceAccount = { email, publicKeyPem };
    },
    /**
     * A save or delete callback as Google posts it. `signWith: 'stranger'` signs with a key Google
     * never published; `recipientId` is the issuer id the message is meant for.
     */
    signCallback(
      message: {
        classId: string;
        objectId: string;
        eventType: 'save' | 'del';
        nonce?: string;
        expTimeMillis?: number;
      },
      recipientId: string,
      options: { signWith?: 'google' | 'stranger' } = {},
    ) {
      const signer = options.signWith === 'stranger' ? ecKeys() : root;
      const intermediate = ecKeys();
      const signedKey = JSON.stringify({
        keyValue: intermediate.spki,
        keyExpiration: String(Date.now() + 3_600_000),
      });
      const signedMessage = JSON.stringify({
        classId: message.classId,
        objectId: message.objectId,
        expTimeMillis: message.expTimeMillis ?? Date.now() + 60_000,
        eventType: message.eventType,
        nonce: message.nonce ?? randomUUID(),
      });
      const der = (key: typeof root.privateKey, data: Buffer) =>
        sign('sha256', data, { key, dsaEncoding: 'der' }).toString('base64');
      return {
        signature: der(
          intermediate.privateKey,
          lengthValue(senderId, recipientId, protocolVersion, signedMessage),
        ),
        intermediateSigningKey: {
          signedKey,
          signatures: [der(signer.privateKey, lengthValue(senderId, protocolVersion, signedKey))],
        },
        protocolVersion,
        signedMessage,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

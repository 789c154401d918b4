import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googlePayPassEndpoint } from '#shared/api/wallet.ts';
import { verifySignature } from '#tests/support/pkpass.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { unzip } from '#tests/support/unzip.ts';
import { findAccountByProvenEmail } from '../members/email-proof.ts';
import { passSigningKeys } from './wallet-service.ts';
import { issueWalletToken } from './wallet-tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface PassJson {
  serialNumber: string;
  authenticationToken: string;
  webServiceURL: string;
  passTypeIdentifier: string;
  organizationName: string;
  logoText: string;
  backgroundColor: string;
  storeCard: Record<string, { key: string; value: string | number; currencyCode?: string }[]>;
  barcodes: { format: string; message: string; altText?: string }[];
}

async function downloadPass(client: ReturnType<TestApp['client']>, url = '/api/passkit') {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: `session=${client.sessionCookie()}` },
  });
  return response;
}

function field(pass: PassJson, key: string) {
  for (const group of Object.values(pass.storeCard)) {
    const found = group.find((f) => f.key === key);
    if (found) return found;
  }
  return undefined;
}

/** A purchase as the till writes it: a pending ledger row and the balance change, in one transaction. */
async function recordPurchase(email: string, points: number) {
  const account = await findAccountByProvenEmail(t.ctx.db, email);
  if (!account) throw new Error('no account');
  await t.ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO ledger_entries (account_id, kind, points, order_id, channel, confirms_at)
       VALUES ($1, 'purchase', $2, $3, 'in-store', now() + interval '28 days')`,
      [account.id, points, `order-${Math.random()}`],
    );
  });
  return account;
}

describe('Apple Wallet pass (SPEC §1, §7 GET /api/passkit)', () => {
  it('passkit: a signed-in member downloads a signed store card with their name, number, balances and member since', async () => {
    const member = await t.signedInMember({ name: 'Robin Ashdown' });
    const account = await findAccountByProvenEmail(t.ctx.db, member.email);
    await t.ctx.db.query('UPDATE accounts SET points_balance = 1250, cash_balance = 500 WHERE id = $1', [
      account?.id,
    ]);
    await recordPurchase(member.email, 40);
    const response = await downloadPass(member.client);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(response.headers['content-disposition']).toContain('.pkpass');
    const files = unzip(response.rawPayload);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png', 'logo.png']),
    );
    const pass = JSON.parse(String(files.get('pass.json'))) as PassJson;
    expect(field(pass, 'name')?.value).toBe('Robin Ashdown');
    expect(field(pass, 'points')?.value).toBe(1250);
    expect(field(pass, 'pending')?.value).toBe(40);
    expect(field(pass, 'cash')).toMatchObject({ value: 5, currencyCode: 'GBP' });
    expect(field(pass, 'cardNumber')?.value).toBe(member.loyaltyId);
    const since = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(new Date());
    expect(field(pass, 'memberSince')?.value).toBe(since);
    expect(pass.barcodes[0]).toMatchObject({
      format: 'PKBarcodeFormatCode128',
      message: member.loyaltyId,
      altText: member.loyaltyId,
    });
    expect(pass.barcodes[1]).toMatchObject({ format: 'PKBarcodeFormatQR', message: member.loyaltyId });
    expect(pass.organizationName).toBe(t.config.title);
    expect(pass.logoText).toBe(t.config.title);
    expect(pass.backgroundColor).toBe(t.config.wallet.backgroundColor);
    expect(pass.webServiceURL).toBe('http://localhost:3000/passkit');
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    // Localised strings for en and da, in UTF-16 with its byte-order mark (Apple reads a .strings
    // file with non-ASCII text, such as the Danish "når", only so).
    for (const [lang, line] of [
      ['en', '"PENDING" = "Pending points";'],
      ['da', '"PENDING" = "Afventende point";'],
    ] as const) {
      const strings = files.get(`${lang}.lproj/pass.strings`) ?? Buffer.alloc(0);
      expect([...strings.subarray(0, 2)]).toEqual([0xff, 0xfe]);
      const text = new TextDecoder('utf-16le', { fatal: true }).decode(strings.subarray(2));
      expect(text).toContain(line);
    }
    const danish = new TextDecoder('utf-16le').decode(files.get('da.lproj/pass.strings')?.subarray(2));
    expect(danish).toContain('Vis dette kort, når du handler');
  });

  it('passkit: the manifest holds the SHA-1 of every file and the signature verifies against the signer chain', async () => {
    const member = await t.signedInMember();
    const files = unzip((await downloadPass(member.client)).rawPayload);
    const manifest = JSON.parse(String(files.get('manifest.json'))) as Record<string, string>;
    const listed = Object.keys(manifest).sort();
    const present = [...files.keys()]
      .filter((name) => name !== 'manifest.json' && name !== 'signature')
      .sort();
    expect(listed).toEqual(present);
    for (const [name, hash] of Object.entries(manifest)) {
      expect(
        createHash('sha1')
          .update(files.get(name) ?? Buffer.alloc(0))
          .digest('hex'),
        name,
      ).toBe(hash);
    }
    // A detached PKCS #7 signature of manifest.json by the signer certificate, chained to the WWDR one.
    const dir = mkdtempSync(join(tmpdir(), 'pkpass-'));
    const { apple } = passSigningKeys(t.ctx);
    writeFileSync(join(dir, 'manifest.json'), files.get('manifest.json') ?? '');
    writeFileSync(join(dir, 'signature'), files.get('signature') ?? '');
    writeFileSync(join(dir, 'wwdr.pem'), apple.wwdr);
    expect(verifySignature(dir)).toBeDefined();
    // A manifest that was tampered with does not verify.
    writeFileSync(join(dir, 'manifest.json'), '{}');
    expect(() => verifySignature(dir)).toThrow();
  });

  it('passkit: signed out, a browser is sent to sign in and a script gets LOGIN_REQUIRED', async () => {
    const browser = await t.app.inject({
      method: 'GET',
      url: '/api/passkit',
      headers: { accept: 'text/html' },
    });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe('/signin');
    const script = await t.client().get('/api/passkit');
    expect(script.status).toBe(401);
    expect(script.body).toMatchObject({ success: false, errorCode: 'LOGIN_REQUIRED' });
  });

  it('passkit: the onboarding wallet token fetches that member’s pass without a session, until it expires', async () => {
    const member = await t.signedInMember({ name: 'Token Holder' });
    const account = await findAccountByProvenEmail(t.ctx.db, member.email);
    if (!account) throw new Error('no account');
    const token = await issueWalletToken(t.ctx.db, account.id, t.config);
    const stored = await t.ctx.db.query<{ token_hash: string }>(
      "SELECT token_hash FROM link_tokens WHERE purpose = 'wallet'",
    );
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    const ok = await t.app.inject({ method: 'GET', url: `/api/passkit?token=${token}` });
    expect(ok.statusCode).toBe(200);
    const pass = JSON.parse(String(unzip(ok.rawPayload).get('pass.json'))) as PassJson;
    expect(field(pass, 'name')?.value).toBe('Token Holder');
    await t.ctx.db.query(
      `UPDATE link_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'wallet'`,
    );
    const expired = await t.app.inject({ method: 'GET', url: `/api/passkit?token=${token}` });
    expect(expired.statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/api/passkit?token=not-a-token' });
    expect(wrong.statusCode).toBe(401);
  });
});

describe("Apple's PassKit web service (passes stay current)", () => {
  async function registeredPass() {
    const member = await t.signedInMember();
    const pass = JSON.parse(
      String(unzip((await downloadPass(member.client)).rawPayload).get('pass.json')),
    ) as PassJson;
    const device = `device-${Math.random().toString(36).slice(2)}`;
    const path = `/passkit/v1/devices/${device}/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`;
    return { member, pass, device, path, auth: { authorization: `ApplePass ${pass.authenticationToken}` } };
  }

  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    body?: unknown,
  ) {
    return t.app.inject({
      method,
      url,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  it('web service: registering needs the pass’s token; 201 the first time, 200 after', async () => {
    const { path, auth } = await registeredPass();
    expect((await call('POST', path, {}, { pushToken: 'push-1' })).statusCode).toBe(401);
    expect(
      (await call('POST', path, { authorization: 'ApplePass wrong-token-wrong-token' }, { pushToken: 'p' }))
        .statusCode,
    ).toBe(401);
    expect((await call('POST', path, auth, { pushToken: 'push-1' })).statusCode).toBe(201);
    expect((await call('POST', path, auth, { pushToken: 'push-2' })).statusCode).toBe(200);
    const rows = await t.ctx.db.query<{ push_token: string }>(
      'SELECT push_token FROM wallet_registrations WHERE device_library_id = $1',
      [path.split('/')[4]],
    );
    expect(rows).toEqual([{ push_token: 'push-2' }]);
  });

  it('web service: another pass’s token does not open this pass', async () => {
    const first = await registeredPass();
    const second = await registeredPass();
    expect((await call('POST', first.path, second.auth, { pushToken: 'x' })).statusCode).toBe(401);
    const latest = `/passkit/v1/passes/${first.pass.passTypeIdentifier}/${first.pass.serialNumber}`;
    expect((await call('GET', latest, second.auth)).statusCode).toBe(401);
  });

  it('web service: a ledger change makes the serial appear in "updated since", and the latest pass shows it', async () => {
    const { member, pass, device, path, auth } = await registeredPass();
    await call('POST', path, auth, { pushToken: 'push' });
    const list = `/passkit/v1/devices/${device}/registrations/${pass.passTypeIdentifier}`;
    const first = await call('GET', list);
    expect(first.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = first.json() as { serialNumbers: string[]; lastUpdated: string };
    expect(serialNumbers).toEqual([pass.serialNumber]);
    // Nothing changed since that tag.
    expect((await call('GET', `${list}?passesUpdatedSince=${lastUpdated}`)).statusCode).toBe(204);
    // A purchase (the ledger row written directly, as the till's transaction would; the points
    // service is built on another branch).
    await recordPurchase(member.email, 75);
    const after = await call('GET', `${list}?passesUpdatedSince=${lastUpdated}`);
    expect(after.statusCode).toBe(200);
    const updated = after.json() as { serialNumbers: string[]; lastUpdated: string };
    expect(updated.serialNumbers).toEqual([pass.serialNumber]);
    expect(Number(updated.lastUpdated)).toBeGreaterThan(Number(lastUpdated));
    const latest = await call(
      'GET',
      `/passkit/v1/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`,
      auth,
    );
    expect(latest.statusCode).toBe(200);
    const fresh = JSON.parse(String(unzip(latest.rawPayload).get('pass.json'))) as PassJson;
    expect(field(fresh, 'pending')?.value).toBe(75);
    expect(fresh.serialNumber).toBe(pass.serialNumber);
    // Unchanged since its Last-Modified: 304.
    const again = await call('GET', `/passkit/v1/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`, {
      ...auth,
      'if-modified-since': String(latest.headers['last-modified']),
    });
    expect(again.statusCode).toBe(304);
  });

  it('web service: unregistering needs the token and stops the updates; the log endpoint accepts logs', async () => {
    const { pass, device, path, auth } = await registeredPass();
    await call('POST', path, auth, { pushToken: 'push' });
    expect((await call('DELETE', path)).statusCode).toBe(401);
    expect((await call('DELETE', path, { ...auth, 'content-type': 'application/json' })).statusCode).toBe(
      200,
    );
    const list = `/passkit/v1/devices/${device}/registrations/${pass.passTypeIdentifier}`;
    expect((await call('GET', list)).statusCode).toBe(204);
    expect((await call('POST', '/passkit/v1/log', {}, { logs: ['Could not fetch pass'] })).statusCode).toBe(
      200,
    );
  });
});

describe('Google Wallet (SPEC §3 Google pass response, §7 GET /api/google-pay/pass)', () => {
  it('google-pay/pass: answers a save link whose JWT verifies with the key and holds the member’s loyalty object', async () => {
    const member = await t.signedInMember({ name: 'Kim Holloway' });
    const res = await member.client.get('/api/google-pay/pass');
    expect(res.status).toBe(200);
    const body = googlePayPassEndpoint.response.parse(res.body);
    expect(body.success).toBe(true);
    expect(body.saveUrl).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const jwt = String(body.saveUrl).split('/').at(-1) ?? '';
    const { google } = passSigningKeys(t.ctx);
    const publicKey = createPublicKey(google.private_key);
    const { payload, protectedHeader } = await jwtVerify(jwt, publicKey, {
      issuer: google.client_email,
      audience: 'google',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['http://localhost:3000']);
    const objects = (payload.payload as { loyaltyObjects: Record<string, unknown>[] }).loyaltyObjects;
    expect(objects[0]).toMatchObject({
      accountId: member.loyaltyId,
      accountName: 'Kim Holloway',
      state: 'ACTIVE',
      barcode: { type: 'CODE_128', value: member.loyaltyId, alternateText: member.loyaltyId },
      loyaltyPoints: { balance: { int: 0 } },
      classId: `${t.config.wallet.google.issuerId}.${t.config.wallet.google.classSuffix}`,
    });
  });

  it('google-pay/pass: signed out and without a token it answers LOGIN_REQUIRED with the §8 message', async () => {
    const res = await t.client().get('/api/google-pay/pass');
    expect(res.status).toBe(401);
    expect(googlePayPassEndpoint.response.parse(res.body)).toMatchObject({
      success: false,
      error: 'LOGIN_REQUIRED',
      message: 'You need to login first before we create your Google Pay pass.',
    });
  });

  it('google-pay/pass: the onboarding token answers the token holder’s pass', async () => {
    const member = await t.signedInMember({ name: 'Onboarding Member' });
    const account = await findAccountByProvenEmail(t.ctx.db, member.email);
    if (!account) throw new Error('no account');
    const token = await issueWalletToken(t.ctx.db, account.id, t.config);
    const res = await t.client().get(`/api/google-pay/pass?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    const jwt =
      String((res.body as { saveUrl: string }).saveUrl)
        .split('/')
        .at(-1) ?? '';
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as {
      payload: { loyaltyObjects: { accountName: string }[] };
    };
    expect(payload.payload.loyaltyObjects[0]?.accountName).toBe('Onboarding Member');
  });
});

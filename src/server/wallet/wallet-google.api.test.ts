import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerEndpoint } from '#shared/api/viewer.ts';
import { googlePayPassEndpoint } from '#shared/api/wallet.ts';
import { startApnsStandIn } from '#tests/support/apns-stand-in.ts';
import { startGoogleWalletStandIn } from '#tests/support/google-wallet-stand-in.ts';
import { tillPurchase } from '#tests/support/points-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { unzip } from '#tests/support/unzip.ts';
import { passSigningKeys, walletSync } from './wallet-service.ts';

let t: TestApp;
let apns: Awaited<ReturnType<typeof startApnsStandIn>>;
let google: Awaited<ReturnType<typeof startGoogleWalletStandIn>>;
beforeAll(async () => {
  apns = await startApnsStandIn();
  google = await startGoogleWalletStandIn();
  t = await createTestApp({
    config: { wallet: { apple: { apns: { enabled: true, host: apns.url } }, google: google.config } },
  });
  const { google: account } = passSigningKeys(t.ctx);
  google.trustServiceAccount(account.client_email, account.private_key);
});
afterAll(async () => {
  await t.close();
  await apns.close();
  await google.close();
});

const classId = () => `${t.config.wallet.google.issuerId}.${t.config.wallet.google.classSuffix}`;

/** A member who asked for the Google save link (which creates the object), and its object id. */
async function memberWithGoogleObject(name = 'Gale Android') {
  const member = await t.signedInMember({ name });
  const res = await member.client.get('/api/google-pay/pass');
  expect(res.status).toBe(200);
  const saveUrl = String(googlePayPassEndpoint.response.parse(res.body).saveUrl);
  const jwt = saveUrl.split('/').at(-1) ?? '';
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as {
    payload: { loyaltyObjects: { id: string }[] };
  };
  const objectId = claims.payload.loyaltyObjects[0]?.id ?? '';
  return { member, saveUrl, claims, objectId };
}

const patchesOf = (objectId: string) =>
  google.requests.filter(
    (r) =>
      r.method === 'PATCH' && r.path === `/walletobjects/v1/loyaltyObject/${encodeURIComponent(objectId)}`,
  );

describe('Google Wallet objects through the REST API (against a local stand-in)', () => {
  it('the save link creates the class and the object first and then names only the object: under 1,800 characters', async () => {
    const before = google.requests.length;
    const { member, saveUrl, claims, objectId } = await memberWithGoogleObject('Gale Android');
    expect(claims.payload).toEqual({ loyaltyObjects: [{ id: objectId }] });
    expect(saveUrl.length).toBeLessThan(1800);
    const made = google.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(made).toEqual([
      'POST /token',
      `GET /walletobjects/v1/loyaltyClass/${encodeURIComponent(classId())}`,
      'POST /walletobjects/v1/loyaltyClass',
      'POST /walletobjects/v1/loyaltyObject',
    ]);
    expect(google.classes.get(classId())).toMatchObject({
      callbackOptions: { url: 'http://localhost:3000/wallet/google/callbacks' },
    });
    expect(google.objects.get(objectId)).toMatchObject({
      classId: classId(),
      state: 'ACTIVE',
      accountId: member.loyaltyId,
      accountName: 'Gale Android',
      loyaltyPoints: { balance: { int: 0 } },
    });
    // The object is named after the pass's random serial, never the card number.
    expect(objectId).not.toContain(member.loyaltyId);
    // Asking again creates nothing new.
    const again = google.requests.length;
    await member.client.get('/api/google-pay/pass');
    expect(google.requests.slice(again).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('a purchase patches the Google object once and pushes once to the registered Apple device', async () => {
    const { member, objectId } = await memberWithGoogleObject('Both Wallets');
    // The same member also has the Apple pass on a phone.
    const download = await t.app.inject({
      method: 'GET',
      url: '/api/passkit',
      headers: { cookie: `session=${member.client.sessionCookie()}` },
    });
    const pass = JSON.parse(String(unzip(download.rawPayload).get('pass.json'))) as {
      serialNumber: string;
      authenticationToken: string;
      passTypeIdentifier: string;
    };
    const pushToken = `token-${pass.serialNumber}`;
    await t.app.inject({
      method: 'POST',
      url: `/passkit/v1/devices/phone-${pass.serialNumber}/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`,
      headers: { authorization: `ApplePass ${pass.authenticationToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ pushToken }),
    });
    await walletSync(t.ctx).drain();
    const googleBefore = google.requests.length;
    const apnsBefore = apns.pushes.length;

    expect(
      (await t.partner('POST', '/purchases', tillPurchase(member.loyaltyId, { points: 300 }))).status,
    ).toBe(201);
    await walletSync(t.ctx).drain();

    // The figures of one ledger change: one APNs request per registered device, one PATCH of the
    // Google object (the access token is reused, so no token request).
    const googleCalls = google.requests.slice(googleBefore);
    const pushes = apns.pushes.slice(apnsBefore).filter((p) => p.pushToken === pushToken);
    expect(pushes).toHaveLength(1);
    expect(googleCalls.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PATCH /walletobjects/v1/loyaltyObject/${encodeURIComponent(objectId)}`,
    ]);
    expect(googleCalls[0]?.body).toMatchObject({
      loyaltyPoints: { balance: { int: 0 } },
      secondaryLoyaltyPoints: { balance: { int: 300 } },
      notifyPreference: 'NOTIFY_ON_UPDATE',
    });
    expect(google.objects.get(objectId)).toMatchObject({ secondaryLoyaltyPoints: { balance: { int: 300 } } });
  });

  it('every change is written to Google, but Google is asked to notify the member at most 3 times a day', async () => {
    const { member, objectId } = await memberWithGoogleObject();
    for (let i = 1; i <= 5; i++) {
      await t.partner('POST', '/purchases', tillPurchase(member.loyaltyId, { points: 10 * i }));
      await walletSync(t.ctx).drain();
    }
    const patches = patchesOf(objectId);
    expect(patches).toHaveLength(5);
    expect(patches.map((p) => p.body?.notifyPreference ?? null)).toEqual([
      'NOTIFY_ON_UPDATE',
      'NOTIFY_ON_UPDATE',
      'NOTIFY_ON_UPDATE',
      null,
      null,
    ]);
    expect(google.objects.get(objectId)).toMatchObject({ secondaryLoyaltyPoints: { balance: { int: 150 } } });
  });

  it('deleting the account sets the Google object inactive', async () => {
    const { member, objectId } = await memberWithGoogleObject();
    await walletSync(t.ctx).drain();
    expect((await member.client.post('/api/delete-account', { username: member.email })).status).toBe(200);
    await walletSync(t.ctx).drain();
    expect(patchesOf(objectId).at(-1)?.body).toEqual({ state: 'INACTIVE' });
    expect(google.objects.get(objectId)).toMatchObject({ state: 'INACTIVE' });
  });
});

describe("Google Wallet's save and delete callbacks", () => {
  const post = (body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/wallet/google/callbacks',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('a signed save callback shows the card in the wallet on Home; a delete callback shows it removed', async () => {
    const { member, objectId } = await memberWithGoogleObject();
    const presence = async () =>
      viewerEndpoint.response.parse((await member.client.get('/api-w/viewer')).body).walletPresence ?? null;
    expect(await presence()).toBeNull();
    const issuer = t.config.wallet.google.issuerId;
    const saved = google.signCallback({ classId: classId(), objectId, eventType: 'save' }, issuer);
    expect((await post(saved)).statusCode).toBe(200);
    expect(await presence()).toBe('in-wallet');
    // Google may deliver a callback twice: the same nonce changes nothing.
    expect((await post(saved)).statusCode).toBe(200);
    const deleted = google.signCallback({ classId: classId(), objectId, eventType: 'del' }, issuer);
    expect((await post(deleted)).statusCode).toBe(200);
    expect(await presence()).toBe('removed');
  });

  it('unsigned, tampered, wrongly signed, misaddressed or expired callbacks get 4xx and change nothing', async () => {
    const { member, objectId } = await memberWithGoogleObject();
    const issuer = t.config.wallet.google.issuerId;
    const message = { classId: classId(), objectId, eventType: 'save' as const };
    const good = google.signCallback(message, issuer);
    const tampered = { ...good, signedMessage: good.signedMessage.replace('"save"', '"del"') };
    const refused = [
      { classId: classId(), objectId, eventType: 'save', nonce: 'n', expTimeMillis: Date.now() + 60_000 },
      { ...good, signature: undefined },
      tampered,
      google.signCallback(message, issuer, { signWith: 'stranger' }),
      google.signCallback(message, '1234567890'),
      google.signCallback({ ...message, expTimeMillis: Date.now() - 1000 }, issuer),
      'not json at all',
    ];
    for (const body of refused) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const presence = viewerEndpoint.response.parse(
      (await member.client.get('/api-w/viewer')).body,
    ).walletPresence;
    expect(presence ?? null).toBeNull();
    const row = await t.ctx.db.query<{ google_saved: boolean }>(
      'SELECT google_saved FROM wallet_passes WHERE account_id = (SELECT id FROM accounts WHERE loyalty_id = $1)',
      [member.loyaltyId],
    );
    expect(row[0]?.google_saved).toBe(false);
  });
});

describe('a loyalty class Google already holds', () => {
  it('gets our callback URL if it lacks it (a class made by an earlier save link had none)', async () => {
    google.classes.set(classId(), { id: classId(), issuerName: 'Earlier' });
    const other = await createTestApp({ config: { wallet: { google: google.config } } });
    try {
      const before = google.requests.length;
      const member = await other.signedInMember();
      expect((await member.client.get('/api/google-pay/pass')).status).toBe(200);
      const classPatch = google.requests
        .slice(before)
        .find((r) => r.method === 'PATCH' && r.path.includes('/loyaltyClass/'));
      expect(classPatch?.body).toEqual({
        callbackOptions: { url: 'http://localhost:3000/wallet/google/callbacks' },
      });
      expect(google.classes.get(classId())).toMatchObject({ issuerName: 'Earlier' });
    } finally {
      await other.close();
    }
  });
});

describe('Google Wallet callbacks while Google’s signing keys are out of reach', () => {
  it('a callback answers 503 (Google sends it again later) and changes nothing', async () => {
    const away = await createTestApp({
      config: {
        wallet: { google: { ...google.config, callbackKeysUrl: 'http://127.0.0.1:9/keys-unreachable' } },
      },
    });
    try {
      const callback = google.signCallback(
        { classId: classId(), objectId: 'nobody', eventType: 'save' },
        away.config.wallet.google.issuerId,
      );
      const res = await away.app.inject({
        method: 'POST',
        url: '/wallet/google/callbacks',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(callback),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, error: 'Unavailable' });
    } finally {
      await away.close();
    }
  });
});

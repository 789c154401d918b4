import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { viewerEndpoint } from '#shared/api/viewer.ts';
import { type ReceivedPush, startApnsStandIn } from '#tests/support/apns-stand-in.ts';
import { tillPurchase } from '#tests/support/points-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { unzip } from '#tests/support/unzip.ts';
import { walletSync } from './wallet-service.ts';

let t: TestApp;
let apns: Awaited<ReturnType<typeof startApnsStandIn>>;
beforeAll(async () => {
  apns = await startApnsStandIn();
  // The worker's timer is left out of it (an hour): rounds run when a request wakes it or a test drains.
  t = await createTestApp({
    config: { wallet: { syncSeconds: 3600, apple: { apns: { enabled: true, host: apns.url } } } },
  });
});
afterAll(async () => {
  await t.close();
  await apns.close();
});

interface PassJson {
  serialNumber: string;
  authenticationToken: string;
  passTypeIdentifier: string;
  voided?: boolean;
  barcodes: unknown[];
  storeCard: Record<string, { key: string; value: string | number }[]>;
}

/** A member whose pass is on a phone: downloaded, then registered as Wallet does. */
async function memberWithPassOnPhone(devices = ['phone']) {
  const member = await t.signedInMember({ name: 'Pat Pushed' });
  const download = await t.app.inject({
    method: 'GET',
    url: '/api/passkit',
    headers: { cookie: `session=${member.client.sessionCookie()}` },
  });
  const pass = JSON.parse(String(unzip(download.rawPayload).get('pass.json'))) as PassJson;
  const auth = { authorization: `ApplePass ${pass.authenticationToken}` };
  const tokens: string[] = [];
  for (const device of devices) {
    const id = `${device}-${pass.serialNumber}`;
    const pushToken = `token-${id}`;
    // Some pass apps ask for …/passkit//v1/…: the same service answers.
    const response = await t.app.inject({
      method: 'POST',
      url: `/passkit//v1/devices/${id}/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ pushToken }),
    });
    expect(response.statusCode).toBe(201);
    tokens.push(pushToken);
  }
  return { member, pass, auth, tokens };
}

/** The pushes APNs received for these tokens since `from`. */
function pushesTo(tokens: string[], from = 0): ReceivedPush[] {
  return apns.pushes.slice(from).filter((push) => tokens.includes(push.pushToken));
}

describe('Apple pass update pushes (against a local APNs stand-in)', () => {
  it('a purchase for a registered device sends exactly one push: background, priority 5, topic = pass type id, {}', async () => {
    const { member, pass, tokens } = await memberWithPassOnPhone();
    await walletSync(t.ctx).drain();
    // Registering needs no push: the device has just fetched the pass.
    expect(pushesTo(tokens)).toEqual([]);

    expect(
      (await t.partner('POST', '/purchases', tillPurchase(member.loyaltyId, { points: 120 }))).status,
    ).toBe(201);
    await walletSync(t.ctx).drain();
    const pushes = pushesTo(tokens);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      path: `/3/device/${tokens[0]}`,
      body: '{}',
      headers: {
        'apns-topic': pass.passTypeIdentifier,
        'apns-push-type': 'background',
        'apns-priority': '5',
      },
    });
    // Nothing changed since: a further round sends nothing.
    await walletSync(t.ctx).drain();
    expect(pushesTo(tokens)).toHaveLength(1);
  });

  it('a batch of purchases through the partner API is one push per device of each member in it', async () => {
    const first = await memberWithPassOnPhone();
    const second = await memberWithPassOnPhone(['phone', 'watch']);
    await walletSync(t.ctx).drain();
    const start = apns.pushes.length;
    const purchases = [
      tillPurchase(first.member.loyaltyId, { points: 10 }),
      tillPurchase(second.member.loyaltyId, { points: 20 }),
      tillPurchase(first.member.loyaltyId, { points: 30 }),
    ];
    const batch = await t.partner<{ results: { status: number; replayed: boolean }[] }>(
      'POST',
      '/purchases/batch',
      { purchases },
    );
    expect(batch.body.results.map((r) => [r.status, r.replayed])).toEqual([
      [201, false],
      [201, false],
      [201, false],
    ]);
    await walletSync(t.ctx).drain();
    const tokens = [...first.tokens, ...second.tokens];
    expect(
      pushesTo(tokens, start)
        .map((push) => push.pushToken)
        .sort(),
    ).toEqual([...tokens].sort());
    // The same batch again is all replays: nothing changed, nothing to push.
    const again = await t.partner<{ results: { replayed: boolean }[] }>('POST', '/purchases/batch', {
      purchases,
    });
    expect(again.body.results.map((r) => r.replayed)).toEqual([true, true, true]);
    await walletSync(t.ctx).drain();
    expect(pushesTo(tokens, start)).toHaveLength(tokens.length);
  });

  it('a purchase wakes the update by itself: its member has a pass, so the push comes with no one asking', async () => {
    // A purchase for a member without a pass skips the wake (pass-wake.ts); this member has one.
    const { member, tokens } = await memberWithPassOnPhone();
    await walletSync(t.ctx).drain();
    const start = apns.pushes.length;
    const purchase = tillPurchase(member.loyaltyId, { points: 40 });
    expect((await t.partner('POST', '/purchases', purchase)).status).toBe(201);
    await vi.waitFor(() => expect(pushesTo(tokens, start)).toHaveLength(1), { timeout: 10_000 });
    // A replay changes nothing, so it pushes nothing.
    expect((await t.partner('POST', '/purchases', purchase)).headers['idempotent-replayed']).toBe('true');
    await walletSync(t.ctx).drain();
    expect(pushesTo(tokens, start)).toHaveLength(1);
  });

  it('many ledger writes before a round are one push per device', async () => {
    const { member, tokens } = await memberWithPassOnPhone(['phone', 'watch']);
    // Whatever the registration left for the worker is pushed first, so the round below is the one
    // that follows the writes. The three writes are three statements of one transaction: the app's
    // own worker (woken by requests, and on its timer) cannot run a round between them.
    await walletSync(t.ctx).drain();
    const start = apns.pushes.length;
    await t.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) {
        await tx.query(
          `INSERT INTO ledger_entries (account_id, kind, points, channel, confirms_at, source)
           SELECT id, 'purchase', 10, 'in-store', now() + interval '28 days', 'test' FROM accounts WHERE loyalty_id = $1`,
          [member.loyaltyId],
        );
      }
    });
    await walletSync(t.ctx).drain();
    expect(
      pushesTo(tokens, start)
        .map((push) => push.pushToken)
        .sort(),
    ).toEqual([...tokens].sort());
  });

  it('a device APNs says is gone (410) is forgotten; Home shows the card in the wallet while a device holds it, and "removed" after', async () => {
    const { member, pass, auth, tokens } = await memberWithPassOnPhone(['phone', 'watch']);
    const presence = async () =>
      viewerEndpoint.response.parse((await member.client.get('/api-w/viewer')).body).walletPresence;
    expect(await presence()).toBe('in-wallet');
    apns.gone.add(tokens[1] ?? '');
    await t.partner('POST', '/purchases', tillPurchase(member.loyaltyId, { points: 5 }));
    await walletSync(t.ctx).drain();
    const left = await t.ctx.db.query<{ push_token: string }>(
      'SELECT push_token FROM wallet_registrations WHERE serial_number = $1',
      [pass.serialNumber],
    );
    expect(left.map((row) => row.push_token)).toEqual([tokens[0]]);
    expect(await presence()).toBe('in-wallet');
    // The member removes the pass from the phone: Wallet unregisters it.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/passkit/v1/devices/phone-${pass.serialNumber}/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`,
      headers: auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(await presence()).toBe('removed');
  });

  it('a device whose token APNs calls bad (400 BadDeviceToken) is forgotten as a gone one is, and never pushed again', async () => {
    const { member, pass, tokens } = await memberWithPassOnPhone(['phone', 'tablet']);
    const [good = '', bad = ''] = tokens;
    apns.invalid.add(bad);
    const from = apns.pushes.length;
    await t.partner('POST', '/purchases', tillPurchase(member.loyaltyId, { points: 5 }));
    await walletSync(t.ctx).drain();
    // Both were tried once; the bad one is no longer registered.
    expect(
      pushesTo(tokens, from)
        .map((push) => push.pushToken)
        .sort(),
    ).toEqual([...tokens].sort());
    const left = await t.ctx.db.query<{ push_token: string }>(
      'SELECT push_token FROM wallet_registrations WHERE serial_number = $1',
      [pass.serialNumber],
    );
    expect(left.map((row) => row.push_token)).toEqual([good]);
    // The next change pushes the good device only.
    const next = apns.pushes.length;
    await t.partner('POST', '/purchases', tillPurchase(member.loyaltyId, { points: 6 }));
    await walletSync(t.ctx).drain();
    expect(pushesTo(tokens, next).map((push) => push.pushToken)).toEqual([good]);
  });

  it('deleting the account voids the pass: the device is pushed and then fetches a voided pass with nothing of the member', async () => {
    const { member, pass, auth, tokens } = await memberWithPassOnPhone();
    await walletSync(t.ctx).drain();
    const start = apns.pushes.length;
    const deleted = await member.client.post('/api/delete-account', { username: member.email });
    expect(deleted.status).toBe(200);
    await walletSync(t.ctx).drain();
    expect(pushesTo(tokens, start)).toHaveLength(1);
    const list = await t.app.inject({
      method: 'GET',
      url: `/passkit/v1/devices/phone-${pass.serialNumber}/registrations/${pass.passTypeIdentifier}`,
    });
    expect((list.json() as { serialNumbers: string[] }).serialNumbers).toEqual([pass.serialNumber]);
    const latest = await t.app.inject({
      method: 'GET',
      url: `/passkit/v1/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`,
      headers: auth,
    });
    expect(latest.statusCode).toBe(200);
    const voided = JSON.parse(String(unzip(latest.rawPayload).get('pass.json'))) as PassJson;
    expect(voided.voided).toBe(true);
    expect(voided.barcodes).toEqual([]);
    expect(JSON.stringify(voided)).not.toContain('Pat Pushed');
    expect(JSON.stringify(voided)).not.toContain(member.loyaltyId);
  });
});

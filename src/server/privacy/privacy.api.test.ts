import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentHistoryEndpoint, withdrawConsentEndpoint } from '#shared/api/privacy.ts';
import { viewerAccount } from '#tests/support/points-fixture.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

/** The privacy centre's consent history and one-tap withdrawal. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function historyOf(client: TestClient) {
  const res = await client.get('/api/privacy/consents');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return consentHistoryEndpoint.response.parse(res.body).history;
}

async function consentingMember() {
  const member = await t.signedInMember();
  const res = await member.client.post('/api/update-account', {
    marketingConsent: 'consent',
    marketingConsentWhatsApp: 'consent',
    telephoneNumber: '07700 900123',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return member;
}

describe('consent history', () => {
  it('lists every answer with its channel, choice, place and time, newest first', async () => {
    const { client } = await consentingMember();
    await client.post('/api/update-account', { marketingConsent: 'decline' });
    const history = await historyOf(client);
    expect(history.map(({ channel, choice, place }) => ({ channel, choice, place }))).toEqual([
      { channel: 'email', choice: 'decline', place: 'my-details' },
      { channel: 'whatsapp', choice: 'consent', place: 'my-details' },
      { channel: 'email', choice: 'consent', place: 'my-details' },
    ]);
    for (const event of history) expect(Number.isNaN(Date.parse(event.recordedAt))).toBe(false);
  });

  it('names where an answer was given, never the stored source (a store token stays on the server)', async () => {
    const { client, loyaltyId } = await t.signedInMember();
    await t.ctx.db.query(
      `INSERT INTO marketing_consents (account_id, channel, choice, source)
         SELECT id, 'email', 'consent', 'guided-signup:store-token-secret-123' FROM accounts WHERE loyalty_id = $1`,
      [loyaltyId],
    );
    const res = await client.get('/api/privacy/consents');
    expect(JSON.stringify(res.body)).not.toContain('store-token-secret-123');
    expect(consentHistoryEndpoint.response.parse(res.body).history[0]?.place).toBe('joining-in-store');
  });

  it('shows only the signed-in member’s own history', async () => {
    const other = await consentingMember();
    const { client } = await t.signedInMember();
    expect(await historyOf(client)).toEqual([]);
    expect(await historyOf(other.client)).toHaveLength(2);
  });

  it('needs a sign-in', async () => {
    const res = await t.client().get('/api/privacy/consents');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: 'LOGIN_REQUIRED' });
  });
});

describe('one-tap withdrawal', () => {
  it('withdraws one channel: recorded as given in the privacy centre; the account says decline', async () => {
    const { client } = await consentingMember();
    const res = await client.post('/api/privacy/withdraw-consent', { channel: 'email' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = withdrawConsentEndpoint.response.parse(res.body);
    expect(body.account?.membership).toMatchObject({
      marketingConsent: 'decline',
      marketingConsentWhatsApp: 'consent',
    });
    expect((await historyOf(client))[0]).toMatchObject({
      channel: 'email',
      choice: 'decline',
      place: 'privacy-centre',
    });
    expect((await viewerAccount(client))?.membership.marketingConsent).toBe('decline');
  });

  it('withdrawing what is not given changes nothing (no new history row)', async () => {
    const { client } = await consentingMember();
    await client.post('/api/privacy/withdraw-consent', { channel: 'whatsapp' });
    const before = await historyOf(client);
    const again = await client.post('/api/privacy/withdraw-consent', { channel: 'whatsapp' });
    expect(again.status).toBe(200);
    expect(await historyOf(client)).toEqual(before);
  });

  it.each([
    ['no channel', {}],
    ['an unknown channel', { channel: 'sms' }],
    ['a wrong type', { channel: 1 }],
    ['an array', { channel: ['email'] }],
    ['a control character', { channel: 'email\u0000' }],
  ])('bad input (%s) is a 400 that changes nothing', async (_name, payload) => {
    const { client } = await consentingMember();
    const before = await historyOf(client);
    const res = await client.post('/api/privacy/withdraw-consent', payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'InvalidRequest' });
    expect(await historyOf(client)).toEqual(before);
  });

  it('a body that is not JSON, or from another site, is refused before it changes anything', async () => {
    const { client } = await consentingMember();
    const before = await historyOf(client);
    const notJson = await client.post('/api/privacy/withdraw-consent', 'channel=email', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(notJson.status).toBe(415);
    const crossSite = await client.post(
      '/api/privacy/withdraw-consent',
      { channel: 'email' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    expect(await historyOf(client)).toEqual(before);
  });

  it('signed out: 401 and nothing recorded', async () => {
    const res = await t.client().post('/api/privacy/withdraw-consent', { channel: 'email' });
    expect(res.status).toBe(401);
  });

  it('20 taps at once record one withdrawal', async () => {
    const { client } = await consentingMember();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/api/privacy/withdraw-consent', { channel: 'email' })),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const declines = (await historyOf(client)).filter((e) => e.channel === 'email' && e.choice === 'decline');
    expect(declines).toHaveLength(1);
  });
});

describe('withdrawal without telephone numbers (SPEC §4: WhatsApp only when they are enabled)', () => {
  let noPhone: TestApp;
  beforeAll(async () => {
    noPhone = await createTestApp({ config: { enableTelephoneNumber: false } });
  });
  afterAll(() => noPhone.close());

  it('a WhatsApp withdrawal is a 400 naming the channel', async () => {
    const { client } = await noPhone.signedInMember();
    const res = await client.post('/api/privacy/withdraw-consent', { channel: 'whatsapp' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, fieldErrors: { channel: expect.any(String) } });
  });
});

describe('the personal shopper in the contact block', () => {
  it('is who the accepted invitation was from; a member who joined otherwise has none; never another’s', async () => {
    const invited = await t.signedInMember();
    const other = await t.signedInMember();
    await t.ctx.db.query(
      `INSERT INTO invites (email, full_name, invited_by, expires_at, consumed_at, account_id)
         SELECT email, full_name, 'Sophie at Bond Street', now() + interval '1 day', now(), id
           FROM accounts WHERE loyalty_id = $1`,
      [invited.loyaltyId],
    );
    // An invitation to another person that names nobody's account must not leak to anyone.
    await t.ctx.db.query(
      `INSERT INTO invites (email, full_name, invited_by, expires_at)
       VALUES ($1, 'Someone Else', 'Marco at Oxford Street', now() + interval '1 day')`,
      [other.email],
    );
    expect((await viewerAccount(invited.client))?.personalShopper).toBe('Sophie at Bond Street');
    expect((await viewerAccount(other.client))?.personalShopper).toBeNull();
  });
});

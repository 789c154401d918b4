import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

/**
 * The welcome after joining: one email with the card's number, in the scheme's language, written to
 * the outbox in the transaction that completes joining (accepting an invitation, completing a sign-up
 * in store, proving the address of a self sign-up).
 */
const uniqueEmail = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2)}@example.com`;
const consents = { allowMarketing: true, allowMarketingWhatsApp: false };
const confirmations = { confirmAge: true, acceptTerms: true };

function tokenOf(link: string | undefined): string {
  return new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
}

async function inviteAndAccept(t: TestApp, name = 'Maya Chen') {
  const email = uniqueEmail('joiner');
  const res = await t.partner<{ invite: { acceptUrl: string } }>('POST', '/invites', { email, name });
  expect(res.status).toBe(201);
  const token = tokenOf(res.body.invite.acceptUrl);
  const accepted = await t.client().post<{ account: { loyaltyId: string } }>('/api/accept-invite', {
    token,
    ...consents,
  });
  expect(accepted.status).toBe(200);
  return { email, token, loyaltyId: accepted.body.account.loyaltyId };
}

const welcomesTo = (t: TestApp, to: string, subject: string) =>
  t.mails.filter((m) => m.to === to && m.subject === subject);

for (const locale of ['en-GB', 'da-DK'] as const) {
  const w =
    locale === 'en-GB'
      ? {
          subject: 'Welcome to Members Club: your membership card',
          greeting: 'Dear Maya,',
          card: (n: string) => `Your Members Club membership card is ready. Its number is ${n}.`,
          action: 'Show my card',
          wallet: 'add it to Apple Wallet or Google Wallet',
        }
      : {
          subject: 'Velkommen til Members Club: dit medlemskort',
          greeting: 'Kære Maya',
          card: (n: string) => `Dit Members Club-medlemskort er klar. Dets nummer er ${n}.`,
          action: 'Vis mit kort',
          wallet: 'føj det til Apple Wallet eller Google Wallet',
        };

  describe(`welcome email after joining (${locale})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        config: {
          locale,
          selfSignupEnabled: true,
          guidedSignupEnabled: true,
          selfProfileUpdateEnabled: true,
        },
      });
    });
    afterAll(() => t.close());

    it('accepting an invitation: one welcome with the card number, the VIP offer and the way to the card', async () => {
      const { email, token, loyaltyId } = await inviteAndAccept(t);
      // A second submit of the same invitation is refused and sends nothing more.
      expect((await t.client().post('/api/accept-invite', { token, ...consents })).status).toBe(409);
      const mails = welcomesTo(t, email, w.subject);
      expect(mails).toHaveLength(1);
      const text = mails[0]?.text ?? '';
      expect(text).toContain(w.greeting);
      expect(text).toContain(w.card(loyaltyId));
      expect(text).toContain(w.action);
      expect(text).toContain(w.wallet);
      expect(mails[0]?.html).toContain(`lang="${locale.slice(0, 2)}"`);
      expect(mails[0]?.links).toEqual(['http://localhost:3000/']);
    });

    it('completing a sign-up made in store: one welcome', async () => {
      const email = uniqueEmail('guided');
      const res = await t.client().post('/api/guided-signup', {
        username: email,
        name: 'Maya Chen',
        allowMarketing: false,
        allowMarketingWhatsApp: false,
        ...confirmations,
      });
      expect(res.status).toBe(201);
      expect(welcomesTo(t, email, w.subject)).toHaveLength(0);
      const link = t.mails.find((m) => m.to === email)?.links?.[0];
      const done = await t.client().post<{ account: { loyaltyId: string } }>('/api/complete-signup', {
        username: email,
        password: null,
        token: tokenOf(link),
        confirmed: true,
      });
      expect(done.status).toBe(200);
      const mails = welcomesTo(t, email, w.subject);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(w.card(done.body.account.loyaltyId));
    });

    it('self sign-up: the welcome comes once the address is proven, not before, and only once', async () => {
      const email = uniqueEmail('self');
      const browser = t.client();
      const res = await browser.post('/api/signup', {
        username: email,
        name: 'Maya Chen',
        allowMarketing: true,
        ...confirmations,
      });
      expect(res.status).toBe(201);
      expect(welcomesTo(t, email, w.subject)).toHaveLength(0);
      const token = tokenOf(t.mails.find((m) => m.to === email)?.links?.[0]);
      expect((await browser.post('/api/verify-email', { username: email, token })).status).toBe(200);
      expect((await browser.post('/api/verify-email', { username: email, token })).status).toBe(200);
      expect(welcomesTo(t, email, w.subject)).toHaveLength(1);
    });

    it('a member who proves a new address has not joined again: no welcome', async () => {
      const member = await t.signedInMember({ name: 'Maya Chen' });
      const newEmail = uniqueEmail('moved');
      const asked = await member.client.post('/api/update-account', { email: newEmail });
      expect(asked.status).toBe(200);
      const link = t.mails.find((m) => m.to === newEmail)?.links?.[0];
      expect(link).toBeDefined();
      const proved = await member.client.post('/api/verify-email', {
        username: newEmail,
        token: tokenOf(link),
      });
      expect(proved.status).toBe(200);
      expect(
        t.mails.filter((m) => m.to === newEmail || m.to === member.email).map((m) => m.subject),
      ).not.toContain(w.subject);
    });
  });
}

describe('the welcome is written in the transaction that completes joining', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('an acceptance whose welcome cannot be written is not made: the invitation stays open; then both are', async () => {
    const email = uniqueEmail('atomic');
    const res = await t.partner<{ invite: { acceptUrl: string } }>('POST', '/invites', {
      email,
      name: 'Maya Chen',
    });
    const token = tokenOf(res.body.invite.acceptUrl);
    await t.ctx.db.exec(
      "ALTER TABLE outbox_mail ADD CONSTRAINT refuse_welcome CHECK (subject NOT LIKE 'Welcome to %')",
    );
    try {
      const failed = await t.client().post('/api/accept-invite', { token, ...consents });
      expect(failed.status).toBe(500);
      expect(await t.ctx.db.query('SELECT id FROM accounts WHERE email = $1', [email])).toHaveLength(0);
      expect((await t.client().post('/api/accept-invite-status', { token })).status).toBe(200);
    } finally {
      await t.ctx.db.exec('ALTER TABLE outbox_mail DROP CONSTRAINT refuse_welcome');
    }
    expect((await t.client().post('/api/accept-invite', { token, ...consents })).status).toBe(200);
    expect(welcomesTo(t, email, 'Welcome to Members Club: your membership card')).toHaveLength(1);
  });
});

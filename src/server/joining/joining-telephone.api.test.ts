import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInviteStatusEndpoint, createInviteResponse } from '#shared/api/joining.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

/**
 * WhatsApp messages need a number to go to: every door that joins a member (accepting an invitation,
 * self sign-up, the in-store sign-up) refuses WhatsApp consent without one, changing nothing, and
 * keeps a number given there in the scheme's country's format.
 */

const uniqueEmail = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2)}@example.com`;
const confirmations = { confirmAge: true, acceptTerms: true };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { selfSignupEnabled: true, guidedSignupEnabled: true } });
});
afterAll(() => t.close());

async function invite(body: Record<string, unknown> = {}) {
  const email = (body.email as string | undefined) ?? uniqueEmail('invitee');
  const res = await t.partner('POST', '/invites', { email, name: 'Alex Morgan', ...body });
  expect(res.status).toBe(201);
  const created = createInviteResponse.parse(res.body).invite;
  return { ...created, token: new URL(created.acceptUrl).searchParams.get('token') ?? '' };
}

async function inviteStatus(token: string) {
  const res = await t.client().post('/api/accept-invite-status', { token });
  expect(res.status).toBe(200);
  return acceptInviteStatusEndpoint.response.parse(res.body);
}

async function accountsWith(email: string) {
  return t.ctx.db.query<{ id: string; telephone_number: string | null }>(
    'SELECT id, telephone_number FROM accounts WHERE email = $1',
    [email],
  );
}

async function consentRows(accountId: string) {
  return t.ctx.db.query<{ channel: string; choice: string }>(
    'SELECT channel, choice FROM marketing_consents WHERE account_id = $1 ORDER BY channel',
    [accountId],
  );
}

describe('accepting an invitation', () => {
  it('WhatsApp consent without a number is 400 TelephoneRequired: no account, the invitation still open', async () => {
    const created = await invite();
    const res = await t.client().post('/api/accept-invite', {
      token: created.token,
      allowMarketing: true,
      allowMarketingWhatsApp: true,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      error: 'TelephoneRequired',
      fieldErrors: { telephoneNumber: 'Add your telephone number to hear from us on WhatsApp.' },
    });
    expect(await accountsWith(created.email)).toHaveLength(0);
    expect((await inviteStatus(created.token)).customer?.email).toBe(created.email);
    expect(t.mails.filter((mail) => mail.to === created.email)).toHaveLength(1);
  });

  it('without a number WhatsApp is not asked about: unknown, and no WhatsApp row is kept', async () => {
    const created = await invite();
    expect((await inviteStatus(created.token)).hasTelephoneNumber).toBe(false);
    const res = await t.client().post('/api/accept-invite', { token: created.token, allowMarketing: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      account: { telephoneNumber: null, membership: { marketingConsentWhatsApp: 'unknown' } },
    });
    const [account] = await accountsWith(created.email);
    expect(await consentRows(String(account?.id))).toEqual([{ channel: 'email', choice: 'consent' }]);
  });

  it('a number given in the consent step is checked, kept in the international form, and WhatsApp goes to it', async () => {
    const created = await invite();
    const bad = await t.client().post('/api/accept-invite', {
      token: created.token,
      allowMarketing: true,
      allowMarketingWhatsApp: true,
      telephoneNumber: '020 794',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: 'InvalidRequest',
      fieldErrors: { telephoneNumber: 'Enter a UK telephone number, like 07700 900123.' },
    });
    expect(await accountsWith(created.email)).toHaveLength(0);

    // With a number, WhatsApp must be answered (SPEC §5: flagged while unknown).
    const unanswered = await t.client().post('/api/accept-invite', {
      token: created.token,
      allowMarketing: true,
      telephoneNumber: '07700 900123',
    });
    expect(unanswered.status).toBe(400);
    expect(unanswered.body).toMatchObject({ fieldErrors: { allowMarketingWhatsApp: expect.any(String) } });
    expect(await accountsWith(created.email)).toHaveLength(0);

    const res = await t.client().post('/api/accept-invite', {
      token: created.token,
      allowMarketing: false,
      allowMarketingWhatsApp: true,
      telephoneNumber: '07700 900123',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      account: {
        telephoneNumber: '+44 7700 900123',
        membership: { marketingConsent: 'decline', marketingConsentWhatsApp: 'consent' },
      },
    });
    const staff = await t.partner<{ member: { telephoneNumber: string | null } }>(
      'GET',
      `/members/${(res.body as { account: { loyaltyId: string } }).account.loyaltyId}`,
    );
    expect(staff.body.member.telephoneNumber).toBe('+44 7700 900123');
  });

  it('a customer signed up in store with a number is offered WhatsApp at once and may say yes', async () => {
    const email = uniqueEmail('customer');
    const made = await t.partner('POST', '/members', { email, name: 'Robin Existing' });
    expect(made.status).toBe(201);
    await t.ctx.db.query('UPDATE accounts SET telephone_number = $2 WHERE email = $1', [
      email,
      '+44 7700 900456',
    ]);
    const created = await invite({ email, existing: true });
    expect((await inviteStatus(created.token)).hasTelephoneNumber).toBe(true);
    const res = await t.client().post('/api/accept-invite', {
      token: created.token,
      allowMarketing: true,
      allowMarketingWhatsApp: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      account: {
        telephoneNumber: '+44 7700 900456',
        membership: { marketingConsent: 'consent', marketingConsentWhatsApp: 'consent' },
      },
    });
  });
});

describe('signing up', () => {
  it('self sign-up: WhatsApp consent without a number is 400 TelephoneRequired and creates nothing', async () => {
    const email = uniqueEmail('self');
    const res = await t.client().post('/api/signup', {
      username: email,
      name: 'Sam Self',
      allowMarketing: true,
      allowMarketingWhatsApp: true,
      ...confirmations,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'TelephoneRequired' });
    expect(await accountsWith(email)).toHaveLength(0);
    expect(t.mails.filter((mail) => mail.to === email)).toHaveLength(0);
  });

  it('in store: WhatsApp without a number is refused; with one, the number and the consent are kept', async () => {
    const email = uniqueEmail('store');
    const body = { username: email, name: 'Gwen Store', allowMarketing: true, ...confirmations };
    const refused = await t.client().post('/api/guided-signup', { ...body, allowMarketingWhatsApp: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'TelephoneRequired' });
    expect(await accountsWith(email)).toHaveLength(0);
    expect(t.mails.filter((mail) => mail.to === email)).toHaveLength(0);

    const bad = await t
      .client()
      .post('/api/guided-signup', { ...body, allowMarketingWhatsApp: true, telephoneNumber: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fieldErrors: { telephoneNumber: expect.any(String) } });

    const res = await t.client().post('/api/guided-signup', {
      ...body,
      allowMarketingWhatsApp: true,
      telephoneNumber: '+44 7700 900789',
    });
    expect(res.status).toBe(201);
    const [account] = await accountsWith(email);
    expect(account?.telephone_number).toBe('+44 7700 900789');
    expect(await consentRows(String(account?.id))).toEqual([
      { channel: 'email', choice: 'consent' },
      { channel: 'whatsapp', choice: 'consent' },
    ]);
  });
});

describe('with telephone numbers off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ config: { enableTelephoneNumber: false } });
  });
  afterAll(() => off.close());

  it('a number given when joining is refused (400), and WhatsApp is never kept', async () => {
    const res = await off.partner('POST', '/invites', { email: uniqueEmail('off'), name: 'Alex Morgan' });
    const created = createInviteResponse.parse(res.body).invite;
    const token = new URL(created.acceptUrl).searchParams.get('token') ?? '';
    const refused = await off.client().post('/api/accept-invite', {
      token,
      allowMarketing: true,
      telephoneNumber: '07700 900123',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ fieldErrors: { telephoneNumber: expect.any(String) } });
    const ok = await off
      .client()
      .post('/api/accept-invite', { token, allowMarketing: true, allowMarketingWhatsApp: true });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ account: { membership: { marketingConsentWhatsApp: 'unknown' } } });
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '#cli/main.ts';
import {
  acceptInviteEndpoint,
  acceptInviteStatusEndpoint,
  createInviteResponse,
} from '#shared/api/joining.ts';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { serveForCli } from '#tests/support/cli-server.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uniqueEmail = (prefix = 'invitee') => `${prefix}-${Math.random().toString(36).slice(2)}@example.com`;

async function invite(body: Record<string, unknown> = {}, app: TestApp = t) {
  const email = (body.email as string | undefined) ?? uniqueEmail();
  const res = await app.partner('POST', '/invites', { email, name: 'Alex Morgan', ...body });
  expect(res.status).toBe(201);
  const created = createInviteResponse.parse(res.body).invite;
  const token = new URL(created.acceptUrl).searchParams.get('token') ?? '';
  return { ...created, token };
}

const consents = { allowMarketing: true, allowMarketingWhatsApp: false };

/** A customer staff signed up in store (no password, never signed in): invited to join the app. */
async function customerInStore(name: string, app: TestApp = t) {
  const email = uniqueEmail('customer');
  const res = await app.partner<{ member: { loyaltyId: string } }>('POST', '/members', { email, name });
  expect(res.status).toBe(201);
  return { email, loyaltyId: res.body.member.loyaltyId };
}

async function status(token: string, app: TestApp = t) {
  const res = await app.client().post('/api/accept-invite-status', { token });
  return { status: res.status, body: acceptInviteStatusEndpoint.response.parse(res.body) };
}

describe('staff invitations (SPEC §1, §4 Invitation)', () => {
  it('invite: POST /partner/v1/invites emails the invitation with who it is from and the VIP offer', async () => {
    const created = await invite({ from: 'Sophie, your stylist' });
    expect(created.acceptUrl).toMatch(/^http:\/\/localhost:3000\/start-signup\?token=[A-Za-z0-9_-]{43}$/);
    const mail = t.mails.find((m) => m.to === created.email);
    expect(mail?.subject).toBe('Sophie, your stylist has invited you to join Members Club');
    expect(mail?.text).toContain('Private sales');
    expect(mail?.text).toContain('Priority personal-shopping care');
    expect(mail?.text).toContain('Invitations to our events');
    expect(mail?.text).toContain('Bi-weekly style guides');
    expect(mail?.html).toContain(created.acceptUrl.replace(/&/g, '&amp;'));
    expect(mail?.links).toEqual([created.acceptUrl]);
    // The token is stored hashed: the raw token is nowhere in the database.
    const rows = await t.ctx.db.query<{ token_hash: string }>(
      "SELECT token_hash FROM link_tokens WHERE purpose = 'invitation'",
    );
    expect(rows.map((r) => r.token_hash)).not.toContain(created.token);
  });

  it('invite: bad bodies answer 400 with the field and create nothing', async () => {
    const before = t.mails.length;
    const res = await t.partner('POST', '/invites', { email: 'not-an-email', name: '' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      fieldErrors: { email: expect.any(String), name: expect.any(String) },
    });
    expect(t.mails.length).toBe(before);
  });

  it('invite: the partner API needs the bearer key', async () => {
    const res = await t.client().post('/partner/v1/invites', { email: uniqueEmail(), name: 'X' });
    expect(res.status).toBe(401);
  });
});

describe('accept-invite-status: every state of SPEC §4 and code of §8', () => {
  it('valid: answers the invite details, who it is from, and that no password is asked with magic links on', async () => {
    const created = await invite({ from: 'Sophie' });
    const res = await status(created.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      customer: { fullName: 'Alex Morgan', email: created.email, existingCustomer: false },
      invitedBy: 'Sophie',
      passwordRequired: false,
    });
  });

  it('invalid: a mangled token answers LinkInvalid with the §8 message', async () => {
    const res = await status('abc');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      error: 'LinkInvalid',
      message:
        'There was an error loading your invite information, please check you opened the link in the email correctly.',
    });
  });

  it('not found: a well-formed token we never sent answers NotFound with the §8 message', async () => {
    const res = await status('A'.repeat(43));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      error: 'NotFound',
      message:
        "We couldn't find an invitation that matched what we sent to you, please contact customer services.",
    });
  });

  it('consumed: an accepted invitation answers InviteConsumed', async () => {
    const created = await invite();
    expect((await t.client().post('/api/accept-invite', { token: created.token, ...consents })).status).toBe(
      200,
    );
    const res = await status(created.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'InviteConsumed',
      message: 'It looks like this invitation has already been used.',
    });
  });

  it('stale: re-inviting the same email makes the older link stale; the newer one works', async () => {
    const email = uniqueEmail();
    const first = await invite({ email });
    const second = await invite({ email });
    const old = await status(first.token);
    expect(old.status).toBe(410);
    expect(old.body.error).toBe('LinkStale');
    const accept = await t.client().post('/api/accept-invite', { token: first.token, ...consents });
    expect(accept.body).toMatchObject({ success: false, error: 'LinkStale' });
    expect((await status(second.token)).body.success).toBe(true);
  });

  it('expired: a fresh link is emailed automatically (LinkResent); the old link is then stale', async () => {
    const created = await invite({ from: 'Sophie' });
    await t.ctx.db.query("UPDATE invites SET expires_at = now() - interval '1 minute' WHERE email = $1", [
      created.email,
    ]);
    const res = await status(created.token);
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ success: false, error: 'LinkResent', isExpired: true });
    const fresh = t.mails[0];
    expect(fresh?.to).toBe(created.email);
    expect(fresh?.subject).toBe('Your new invitation to Members Club');
    const freshToken = new URL(fresh?.links?.[0] ?? '').searchParams.get('token') ?? '';
    expect(freshToken).not.toBe(created.token);
    expect((await status(freshToken)).body).toMatchObject({ success: true, invitedBy: 'Sophie' });
    // Opening the expired link again sends nothing more: it was replaced.
    const mailsBefore = t.mails.length;
    expect((await status(created.token)).body.error).toBe('LinkStale');
    expect(t.mails.length).toBe(mailsBefore);
  });

  // A mail server that is down no longer fails the resend (the outbox delivers later: see
  // src/server/email/outbox-faults.api.test.ts); what can fail is writing the fresh invitation.
  it('expired, fresh invitation not written: answers LinkExpired with the §8 message and changes nothing, so a retry works', async () => {
    const created = await invite();
    await t.ctx.db.query("UPDATE invites SET expires_at = now() - interval '1 minute' WHERE email = $1", [
      created.email,
    ]);
    const transaction = t.ctx.db.transaction;
    t.ctx.db.transaction = async () => {
      throw new Error('connection lost');
    };
    try {
      const res = await status(created.token);
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({
        error: 'LinkExpired',
        isExpired: true,
        message:
          'For security, this invitation link has expired. But there was an error sending you a new one. Please try again.',
      });
    } finally {
      t.ctx.db.transaction = transaction;
    }
    expect((await status(created.token)).body.error).toBe('LinkResent');
  });

  it('service error: a database failure answers ServiceError with the §8 message', async () => {
    const created = await invite();
    const query = t.ctx.db.query;
    t.ctx.db.query = async () => {
      throw new Error('connection lost');
    };
    try {
      const res = await status(created.token);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        error: 'ServiceError',
        message: 'Failed to get the status of your invitation. Please refresh the page.',
      });
    } finally {
      t.ctx.db.query = query;
    }
  });
});

describe('accept-invite (SPEC §4, §5, §7)', () => {
  it('accept: creates the member, records both consents with time and source, signs in, consumes the invite', async () => {
    const created = await invite();
    const browser = t.client();
    const res = await browser.post('/api/accept-invite', {
      token: created.token,
      email: created.email,
      fullName: 'Someone Else',
      ...consents,
    });
    expect(res.status).toBe(200);
    const body = acceptInviteEndpoint.response.parse(res.body);
    expect(body.account).toMatchObject({
      email: created.email,
      fullName: 'Alex Morgan',
      emailIsVerified: true,
      membership: { marketingConsent: 'consent', marketingConsentWhatsApp: 'decline' },
    });
    const viewer = viewerResponseSchema.parse((await browser.get('/api-w/viewer')).body);
    expect(viewer.account?.email).toBe(created.email);
    const rows = await t.ctx.db.query<{ channel: string; choice: string; source: string; recorded_at: Date }>(
      'SELECT channel, choice, source, recorded_at FROM marketing_consents WHERE account_id = $1 ORDER BY channel',
      [body.account?.id],
    );
    expect(rows.map(({ channel, choice, source }) => ({ channel, choice, source }))).toEqual([
      { channel: 'email', choice: 'consent', source: 'invite' },
      { channel: 'whatsapp', choice: 'decline', source: 'invite' },
    ]);
    expect(rows[0]?.recorded_at).toBeInstanceOf(Date);
  });

  it('accept: a double submit creates one account; the second answer is InviteConsumed', async () => {
    const created = await invite();
    const browser = t.client();
    const body = { token: created.token, ...consents };
    const results = await Promise.all([
      browser.post('/api/accept-invite', body),
      t.client().post('/api/accept-invite', body),
      t.client().post('/api/accept-invite', body),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    expect(results.find((r) => r.status === 409)?.body).toMatchObject({ error: 'InviteConsumed' });
    const accounts = await t.ctx.db.query('SELECT id FROM accounts WHERE email = $1', [created.email]);
    expect(accounts).toHaveLength(1);
    const consentRows = await t.ctx.db.query(
      "SELECT id FROM marketing_consents WHERE account_id = $1 AND channel = 'email'",
      [(accounts[0] as { id: string }).id],
    );
    expect(consentRows).toHaveLength(1);
  });

  it('accept: an existing customer keeps the invited email, needs no password, and is attached, not duplicated', async () => {
    const member = await customerInStore('Robin Existing');
    const created = await invite({ email: member.email, name: 'Robin E.', existing: true });
    const details = await status(created.token);
    expect(details.body.customer).toEqual({
      fullName: 'Robin Existing',
      email: member.email,
      existingCustomer: true,
    });
    const res = await t.client().post('/api/accept-invite', {
      token: created.token,
      email: 'someone-else@example.com',
      ...consents,
      allowMarketing: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ account: { email: member.email, loyaltyId: member.loyaltyId } });
    const accounts = await t.ctx.db.query('SELECT id FROM accounts WHERE email IN ($1, $2)', [
      member.email,
      'someone-else@example.com',
    ]);
    expect(accounts).toHaveLength(1);
  });

  it('accept: a new customer who gives another email keeps the invited, proven one until the link sent to the other is opened', async () => {
    const created = await invite();
    const other = uniqueEmail('changed');
    const browser = t.client();
    const res = await browser.post('/api/accept-invite', {
      token: created.token,
      email: other.toUpperCase(),
      ...consents,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: `We've sent an email to ${other}: open the link in it to verify your new address.`,
      account: { email: created.email, emailIsVerified: true, pendingEmail: other },
    });
    const verification = t.mails.find((mail) => mail.to === other);
    expect(verification?.subject).toBe(
      'Please verify your email address: a Members Club membership asks to use it',
    );
    expect(t.mails.find((mail) => mail.to === created.email)?.subject).toBe(
      'Your email address is being changed',
    );
    const link = new URL(verification?.links?.[0] ?? '');
    const verified = await browser.post('/api/verify-email', {
      username: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      account: { email: other, emailIsVerified: true, pendingEmail: null },
    });
  });

  it('accept: an expired link is not accepted; a fresh link is emailed', async () => {
    const created = await invite();
    await t.ctx.db.query("UPDATE invites SET expires_at = now() - interval '1 second' WHERE email = $1", [
      created.email,
    ]);
    const res = await t.client().post('/api/accept-invite', { token: created.token, ...consents });
    expect(res.body).toMatchObject({ success: false, error: 'LinkResent', isExpired: true });
    expect(await t.ctx.db.query('SELECT id FROM accounts WHERE email = $1', [created.email])).toHaveLength(0);
  });

  it('accept: the email consent answer is required (§5), and WhatsApp with a number given', async () => {
    const created = await invite();
    const noEmail = await t
      .client()
      .post('/api/accept-invite', { token: created.token, allowMarketingWhatsApp: true });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body).toMatchObject({ fieldErrors: { allowMarketing: expect.any(String) } });
    const noWhatsApp = await t.client().post('/api/accept-invite', {
      token: created.token,
      allowMarketing: true,
      telephoneNumber: '07700 900123',
    });
    expect(noWhatsApp.status).toBe(400);
    expect(noWhatsApp.body).toMatchObject({ fieldErrors: { allowMarketingWhatsApp: expect.any(String) } });
    const notJson = await t.client().post('/api/accept-invite', '{"token":', {});
    expect(notJson.status).toBe(400);
    expect((await status(created.token)).body.success).toBe(true);
  });

  it('accept: an existing customer blocked from signing in is not signed in by an invitation (§4 canSignIn)', async () => {
    const member = await customerInStore('Blocked Customer');
    await t.ctx.db.query('UPDATE accounts SET can_sign_in = false WHERE email = $1', [member.email]);
    const created = await invite({ email: member.email });
    const browser = t.client();
    const res = await browser.post('/api/accept-invite', { token: created.token, ...consents });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Sorry, could not complete login, please try again.',
    });
    expect(browser.sessionCookie()).toBeUndefined();
  });

  it('accept: a signed-in visitor is told they are already signed in', async () => {
    const member = await t.signedInMember();
    const created = await invite();
    const res = await member.client.post('/api/accept-invite', { token: created.token, ...consents });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'AlreadyLoggedIn' });
  });
});

describe('accept-invite with password mode and without telephone numbers (SPEC §5)', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ config: { enableMagicLinkLogins: false, enableTelephoneNumber: false } });
  });
  afterAll(() => p.close());

  it('a new customer must choose a password of at least 6; InvalidPassword leaves the invite open', async () => {
    const created = await invite({}, p);
    expect((await status(created.token, p)).body.passwordRequired).toBe(true);
    const short = await p
      .client()
      .post('/api/accept-invite', { token: created.token, password: 'abc12', allowMarketing: false });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      success: false,
      error: 'InvalidPassword',
      invalidPassword: true,
      message: "The password you entered doesn't meet the requirements",
    });
    const ok = await p.client().post('/api/accept-invite', {
      token: created.token,
      password: 'velvet-harbour',
      allowMarketing: false,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      account: { membership: { marketingConsent: 'decline', marketingConsentWhatsApp: 'unknown' } },
    });
    const login = await p
      .client()
      .post('/api/login', { username: created.email, password: 'velvet-harbour' });
    expect(login.status).toBe(200);
  });
});

describe('inviting someone who is already a member', () => {
  const alreadyMember = (email: string, loyaltyId: string) =>
    `${email} is already a member (card ${loyaltyId}), so no invitation was sent. They can sign in at http://localhost:3000/signin; to help them, send a sign-in link from their page in the staff console.`;

  async function nothingWritten(email: string, mailsBefore: number) {
    expect(t.mails.length).toBe(mailsBefore);
    expect(await t.ctx.db.query('SELECT id FROM invites WHERE email = $1', [email])).toHaveLength(0);
  }

  it('a member who signed in with a password: 409 AlreadyMember naming the card and where to sign in; no invitation, no email', async () => {
    const member = await t.signedInMember({ name: 'Maya Chen' });
    const before = t.mails.length;
    const res = await t.partner('POST', '/invites', { email: member.email, name: 'Maya Chen' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      error: 'AlreadyMember',
      message: alreadyMember(member.email, member.loyaltyId),
    });
    await nothingWritten(member.email, before);
  });

  it('a member who joined by an invitation (no password, emailed-link sign-in) is not invited again', async () => {
    const created = await invite({ name: 'Lin Park' });
    expect((await t.client().post('/api/accept-invite', { token: created.token, ...consents })).status).toBe(
      200,
    );
    const [account] = await t.ctx.db.query<{ loyalty_id: string }>(
      'SELECT loyalty_id FROM accounts WHERE email = $1',
      [created.email],
    );
    const again = await t.partner('POST', '/invites', { email: created.email, name: 'Lin Park' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: 'AlreadyMember',
      message: alreadyMember(created.email, account?.loyalty_id ?? ''),
    });
  });

  it('a customer staff signed up in store who has not joined the app is invited as an existing customer', async () => {
    const customer = await customerInStore('Robin Store');
    const created = await invite({ email: customer.email });
    expect(created.existingCustomer).toBe(true);
    expect(t.mails[0]?.to).toBe(customer.email);
  });

  it('the operator CLI says so in a sentence and exits non-zero', async () => {
    const member = await t.signedInMember();
    await serveForCli(t);
    const errors: string[] = [];
    const output: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void output.push(String(line)));
    try {
      expect(await runCli(['invite', '--email', member.email, '--name', 'Test Member'])).not.toBe(0);
    } finally {
      vi.restoreAllMocks();
      vi.unstubAllEnvs();
    }
    expect(output).toEqual([]);
    expect(errors.join('\n')).toContain(alreadyMember(member.email, member.loyaltyId));
  });
});

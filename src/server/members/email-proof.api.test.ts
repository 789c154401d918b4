import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInviteResponse } from '#shared/api/joining.ts';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

/**
 * Email ownership (docs/decisions/0013-email-belongs-to-an-account-once.md): an address is an
 * account's only once its owner opened a link sent to it. Until then no till purchase, staff look-up
 * or sign-in link matches it, and the owner's proof ends every other claim on it.
 */

let t: TestApp;
beforeAll(async () => {
  // Password mode, so a self-signed-up claimant is signed in at once and can sign in again later.
  t = await createTestApp({ config: { enableMagicLinkLogins: false, selfSignupEnabled: true } });
});
afterAll(() => t.close());

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2)}@example.com`;
const consents = { allowMarketing: false, allowMarketingWhatsApp: false };
const signupBody = { allowMarketing: false, confirmAge: true, acceptTerms: true };

async function invite(email: string, name = 'Ivan Intruder') {
  const res = await t.partner('POST', '/invites', { email, name });
  expect(res.status).toBe(201);
  const { acceptUrl } = createInviteResponse.parse(res.body).invite;
  return new URL(acceptUrl).searchParams.get('token') ?? '';
}

/** Someone invited at their own address who types `typed` at step 1; signed in afterwards. */
async function intruderByInvitation(typed: string) {
  const own = unique('intruder');
  const token = await invite(own);
  const browser = t.client();
  const res = await browser.post('/api/accept-invite', {
    token,
    email: typed,
    password: 'lantern-harbour-47',
    ...consents,
  });
  expect(res.status).toBe(200);
  return { browser, own, loyaltyId: (res.body as { account: { loyaltyId: string } }).account.loyaltyId };
}

/** Someone who signs up with `email` (not theirs) and a password: signed in, the address unproven. */
async function claimantBySignup(email: string, password = 'claimant-secret-1') {
  const browser = t.client();
  const res = await browser.post('/api/signup', {
    username: email,
    password,
    name: 'Cleo Claim',
    ...signupBody,
  });
  expect(res.status).toBe(201);
  return { browser, password, loyaltyId: (res.body as { account: { loyaltyId: string } }).account.loyaltyId };
}

async function viewerOf(browser: TestClient) {
  return viewerResponseSchema.parse((await browser.get('/api-w/viewer')).body);
}

function purchase(email: string, orderId: string) {
  return t.partner('POST', '/purchases', {
    orderId,
    email,
    channel: 'in-store',
    storeDisplayName: 'Regent Street',
    value: 12_000,
    currency: 'GBP',
    points: 120,
  });
}

/** The last link mailed to `to`, as its path and query parameters. */
function lastLinkTo(to: string) {
  const mail = t.mails.find((m) => m.to === to);
  const url = new URL(mail?.links?.[0] ?? 'http://none/');
  return {
    path: url.pathname,
    email: url.searchParams.get('email') ?? '',
    token: url.searchParams.get('token') ?? '',
  };
}

describe('an unproven address matches nothing', () => {
  it("accept-invite: another person's email stays unproven and never matches a till purchase", async () => {
    const victim = unique('victim');
    const intruder = await intruderByInvitation(victim);
    const viewer = await viewerOf(intruder.browser);
    expect(viewer.account).toMatchObject({
      email: intruder.own,
      emailIsVerified: true,
      pendingEmail: victim,
    });

    // Matched to nobody: kept unmatched (202) for its real owner to claim.
    const res = await purchase(victim, `till-${Date.now()}`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ unmatched: { memberReference: victim, claimed: false } });
    const credited = await t.ctx.db.query(
      'SELECT 1 FROM ledger_entries l JOIN accounts a ON a.id = l.account_id WHERE a.loyalty_id = $1',
      [intruder.loyaltyId],
    );
    expect(credited).toHaveLength(0);
  });

  it('signup: an address claimed by signing up matches no till purchase until it is verified', async () => {
    const victim = unique('victim');
    const claimant = await claimantBySignup(victim);
    // Matched to nobody: kept unmatched (202) for its real owner to claim.
    expect((await purchase(victim, `till-${Date.now()}`)).status).toBe(202);
    // The card number is the claimant's own, and still earns.
    const byCard = await t.partner('POST', '/purchases', {
      orderId: `card-${Date.now()}`,
      loyaltyId: claimant.loyaltyId,
      channel: 'ecommerce',
      value: 1000,
      currency: 'GBP',
      points: 10,
    });
    expect(byCard.status).toBe(201);
  });

  it('staff look-up: an unproven address finds nobody; once the owner proves it, only the owner', async () => {
    const typedAtInvitation = unique('victim');
    const typedAtSignup = unique('victim');
    await intruderByInvitation(typedAtInvitation);
    await claimantBySignup(typedAtSignup);
    for (const victim of [typedAtInvitation, typedAtSignup]) {
      expect((await t.partner('GET', `/members/${encodeURIComponent(victim)}`)).status).toBe(404);
      for (const door of [
        '/members/send-password-reset',
        '/members/sign-out-everywhere',
        '/members/delete',
      ]) {
        expect((await t.partner('POST', door, { member: victim })).status).toBe(404);
      }
      const owner = await t.partner<{ member: { loyaltyId: string } }>('POST', '/members', {
        email: victim,
        name: 'Vera Owner',
      });
      expect(owner.status).toBe(201);
      const found = await t.partner('GET', `/members/${encodeURIComponent(victim)}`);
      expect(found.body).toMatchObject({
        member: { loyaltyId: owner.body.member.loyaltyId, emailVerified: true },
      });
    }
  });

  it('password reset link: a request for an unproven address sends nothing to the account that claims it', async () => {
    const typedAtInvitation = unique('victim');
    const typedAtSignup = unique('victim');
    await intruderByInvitation(typedAtInvitation);
    await claimantBySignup(typedAtSignup);
    for (const victim of [typedAtInvitation, typedAtSignup]) {
      const before = t.mails.length;
      const res = await t.client().post('/api/request-password-reset', { username: victim });
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(t.mails.length).toBe(before);
    }
  });

  it('sign-in: while nobody has proved an address, each account that claims it signs in with its own password', async () => {
    const shared = unique('shared');
    const first = await claimantBySignup(shared, 'first-secret-one');
    const second = await claimantBySignup(shared, 'second-secret-two');
    const asFirst = await t.client().post('/api/login', { username: shared, password: first.password });
    const asSecond = await t.client().post('/api/login', { username: shared, password: second.password });
    expect(asFirst.body).toMatchObject({ account: { loyaltyId: first.loyaltyId } });
    expect(asSecond.body).toMatchObject({ account: { loyaltyId: second.loyaltyId } });
  });
});

describe('magic-link sign-in (links on)', () => {
  let m: TestApp;
  beforeAll(async () => {
    m = await createTestApp();
  });
  afterAll(() => m.close());

  it('magic link: a sign-in link for an unproven address sends nothing to the account that claims it', async () => {
    const victim = unique('victim');
    const token = await (async () => {
      const res = await m.partner('POST', '/invites', { email: unique('intruder'), name: 'Ivan Intruder' });
      return new URL(createInviteResponse.parse(res.body).invite.acceptUrl).searchParams.get('token') ?? '';
    })();
    const accepted = await m.client().post('/api/accept-invite', { token, email: victim, ...consents });
    expect(accepted.status).toBe(200);
    const before = m.mails.filter((mail) => mail.to === victim).length;
    const res = await m.client().post('/api/request-magic-link', { email: victim });
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Only the verification link of the request reached the victim, never a way into the account.
    expect(m.mails.filter((mail) => mail.to === victim)).toHaveLength(before);
    expect(m.mails.some((mail) => mail.to === victim && /sign in/i.test(mail.subject))).toBe(false);
  });
});

describe("the owner's proof ends every other claim", () => {
  it("signup + verify-email: the owner can join despite a stranger's claim; proving it ends the claim and the stranger's sessions", async () => {
    const victim = unique('victim');
    const claimant = await claimantBySignup(victim);
    const claimantElsewhere = t.client();
    expect(
      (await claimantElsewhere.post('/api/login', { username: victim, password: claimant.password })).status,
    ).toBe(200);

    const owner = t.client();
    const joined = await owner.post('/api/signup', {
      username: victim,
      password: 'owner-secret-one',
      name: 'Vera Owner',
      ...signupBody,
    });
    expect(joined.status).toBe(201);
    const link = lastLinkTo(victim);
    expect(link.path).toBe('/verify-email');
    const verified = await owner.post('/api/verify-email', { username: link.email, token: link.token });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ account: { email: victim, emailIsVerified: true } });

    // The stranger's account no longer has the address, and every session of theirs has ended.
    expect((await viewerOf(claimant.browser)).isAnonymous).toBe(true);
    expect((await viewerOf(claimantElsewhere)).isAnonymous).toBe(true);
    const again = await t.client().post('/api/login', { username: victim, password: claimant.password });
    expect(again.status).toBe(401);
    // The owner is the one staff find now.
    const found = await t.partner('GET', `/members/${encodeURIComponent(victim)}`);
    expect(found.body).not.toMatchObject({ member: { loyaltyId: claimant.loyaltyId } });
    expect((await purchase(victim, `till-${Date.now()}`)).status).toBe(201);
  });

  it('accept-invite: the owner accepting their own invitation gets their own account; the claims on the address end', async () => {
    const claimedAtSignup = unique('victim');
    const typedAtInvitation = unique('victim');
    const claimant = await claimantBySignup(claimedAtSignup);
    const intruder = await intruderByInvitation(typedAtInvitation);

    const acceptOwn = async (victim: string) => {
      const owner = t.client();
      const accepted = await owner.post('/api/accept-invite', {
        token: await invite(victim, 'Vera Owner'),
        password: 'owner-secret-one',
        ...consents,
      });
      expect(accepted.status).toBe(200);
      const account = (accepted.body as { account: { loyaltyId: string; email: string } }).account;
      expect(account.email).toBe(victim);
      expect([claimant.loyaltyId, intruder.loyaltyId]).not.toContain(account.loyaltyId);
      expect((await purchase(victim, `till-${Date.now()}`)).body).toMatchObject({
        entry: { loyaltyId: account.loyaltyId },
      });
    };

    // The claimant's sessions rested on the address they signed up with: ended.
    await acceptOwn(claimedAtSignup);
    expect((await viewerOf(claimant.browser)).isAnonymous).toBe(true);

    // The intruder keeps their own, proven address and session, but no longer the request for the
    // owner's; the link that request sent to the owner's inbox proves nothing for them now.
    const requestLink = lastLinkTo(typedAtInvitation);
    await acceptOwn(typedAtInvitation);
    const intruderView = await viewerOf(intruder.browser);
    expect(intruderView.account).toMatchObject({ email: intruder.own, pendingEmail: null });
    // Opened in a browser that did not ask for it, with the member's click.
    const reopened = await t
      .client()
      .post('/api/verify-email', { username: requestLink.email, token: requestLink.token, confirmed: true });
    expect(reopened.status).toBe(400);
  });

  it("accept-invite: the owner's click on the link for an address typed at someone else's invitation proves nothing and signs nobody in", async () => {
    const victim = unique('victim');
    const intruder = await intruderByInvitation(victim);
    const link = lastLinkTo(victim);
    const opener = t.client();
    const res = await opener.post('/api/verify-email', {
      username: link.email,
      token: link.token,
      confirmed: true,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'SignInToConfirmEmail' });
    expect((await viewerOf(opener)).isAnonymous).toBe(true);
    // The intruder keeps only their own address; the owner's stays theirs to join with.
    expect((await viewerOf(intruder.browser)).account).toMatchObject({
      email: intruder.own,
      pendingEmail: victim,
    });
    expect((await purchase(victim, `till-${Date.now()}`)).status).toBe(202);
  });
});

describe('the email field is an email (shared schema)', () => {
  it('accept-invite: a string that is not an email answers 400 with fieldErrors.email and leaves the invite open', async () => {
    const token = await invite(unique('invitee'));
    for (const email of ['not-an-email', 'a@b', '   ']) {
      const res = await t.client().post('/api/accept-invite', {
        token,
        email,
        password: 'velvet-harbour',
        ...consents,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ fieldErrors: { email: expect.any(String) } });
    }
    const status = await t.client().post('/api/accept-invite-status', { token });
    expect(status.body).toMatchObject({ success: true });
  });
});

describe('staff vouching for an address', () => {
  it('member set --email-verified: proves the address for that member and ends the other claims', async () => {
    const victim = unique('victim');
    const first = await claimantBySignup(victim);
    const second = await claimantBySignup(victim);
    const vouched = await t.partner('POST', `/members/${first.loyaltyId}`, { emailVerified: true });
    expect(vouched.status).toBe(200);
    expect((await t.partner('GET', `/members/${encodeURIComponent(victim)}`)).body).toMatchObject({
      member: { loyaltyId: first.loyaltyId },
    });
    expect((await viewerOf(second.browser)).isAnonymous).toBe(true);
  });
});

// PGlite has one connection, so only PostgreSQL can show two proofs racing.
describe.runIf(process.env.TEST_DATABASE_URL)('two owners proving one address at once (PostgreSQL)', () => {
  it('verify-email: of two claimants opening their links together, exactly one gets the address; the other is told its link no longer works, never a 5xx', async () => {
    const shared = unique('shared');
    const links = [];
    for (const password of ['first-secret-one', 'second-secret-two']) {
      await claimantBySignup(shared, password);
      links.push(lastLinkTo(shared));
    }
    const answers = await Promise.all(
      links.map((link) =>
        t.client().post('/api/verify-email', { username: link.email, token: link.token, confirmed: true }),
      ),
    );
    // The winner's proof ended the other claim, so the other link no longer proves anything.
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body).toMatchObject({ error: 'LinkInvalid' });
    const proven = await t.ctx.db.query('SELECT id FROM accounts WHERE email = $1 AND email_verified', [
      shared,
    ]);
    expect(proven).toHaveLength(1);
  });
});

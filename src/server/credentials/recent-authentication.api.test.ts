import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeysEndpoint } from '#shared/api/credentials.ts';
import { reauthenticationStatusEndpoint } from '#shared/api/reauthentication.ts';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { SoftAuthenticator } from '#tests/support/soft-authenticator.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';
import { hashToken } from '../sessions/tokens.ts';

/**
 * Proof of presence (ASVS 6.2.3): the five changes that hand the account to someone else need a
 * sign-in or re-confirmation within recentAuthenticationMinutes (10 by default). The clock is moved
 * by ageing the session row, never by sleeping.
 */
let t: TestApp;
beforeAll(async () => {
  // Email changes are only possible when members may edit their name and email.
  t = await createTestApp({ config: { selfProfileUpdateEnabled: true } });
});
afterAll(() => t.close());

const refusal = { success: false, error: 'RecentAuthenticationRequired' };

let addressCounter = 0;
/** Each member speaks from its own address, so per-address throttles of one test do not touch another. */
function fromOwnAddress(client: TestClient): TestClient {
  addressCounter += 1;
  const address = `203.0.113.${addressCounter}`;
  const post = client.post.bind(client);
  const get = client.get.bind(client);
  client.post = (url, body, headers = {}) => post(url, body, { 'x-forwarded-for': address, ...headers });
  client.get = (url, headers = {}) => get(url, { 'x-forwarded-for': address, ...headers });
  return client;
}

/** Moves this session's last authentication `minutes` into the past. */
async function ageSession(client: TestClient, minutes: number): Promise<void> {
  const token = client.sessionCookie();
  if (!token) throw new Error('not signed in');
  await t.ctx.db.query(
    'UPDATE sessions SET authenticated_at = now() - make_interval(mins => $2) WHERE token_hash = $1',
    [hashToken(token), minutes],
  );
}

async function registerPasskey(client: TestClient, authenticator = new SoftAuthenticator()) {
  const options = await client.post<{ options: { challenge: string; user: { id: string } } }>(
    '/api/passkeys/registration-options',
    {},
  );
  if (options.status !== 200) return options;
  return client.post('/api/passkeys/register', { response: authenticator.register(options.body.options) });
}

interface Member {
  client: TestClient;
  email: string;
  password: string;
  authenticator: SoftAuthenticator;
}

/** A signed-in member with a passkey, whose sign-in is `minutes` old. */
async function memberSignedInAgo(minutes: number): Promise<Member> {
  const member = await t.signedInMember();
  const client = fromOwnAddress(member.client);
  const authenticator = new SoftAuthenticator();
  const registered = await registerPasskey(client, authenticator);
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  await ageSession(client, minutes);
  return { ...member, client, authenticator };
}

async function isSignedIn(client: TestClient): Promise<boolean> {
  return !viewerResponseSchema.parse((await client.get('/api-w/viewer')).body).isAnonymous;
}

async function passkeyCount(client: TestClient): Promise<number> {
  return passkeysEndpoint.response.parse((await client.get('/api/passkeys')).body).length;
}

/** The five sensitive actions, each with a check that it did (or did not) take effect. */
const actions: {
  name: string;
  act: (member: Member) => Promise<{ status: number; body: unknown }>;
  tookEffect: (member: Member) => Promise<boolean>;
}[] = [
  {
    name: 'change-password',
    act: ({ client }) => client.post('/api/change-password', { password: 'a-brand-new-password' }),
    tookEffect: async ({ email }) =>
      (await t.client().post('/api/login', { username: email, password: 'a-brand-new-password' })).status ===
      200,
  },
  {
    name: 'passkey registration',
    act: ({ client }) => registerPasskey(client),
    tookEffect: async ({ client }) => (await passkeyCount(client)) === 2,
  },
  {
    name: 'passkey removal',
    act: async ({ client }) => {
      const [passkey] = passkeysEndpoint.response.parse((await client.get('/api/passkeys')).body);
      return client.post('/api/passkeys/remove', { id: passkey?._id });
    },
    tookEffect: async ({ client }) => (await passkeyCount(client)) === 0,
  },
  {
    name: 'email change',
    act: ({ client, email }) => client.post('/api/update-account', { email: `new-${email}` }),
    // The new address is asked for: it becomes the account's once its link is opened (email-change.ts).
    tookEffect: async ({ client, email }) =>
      viewerResponseSchema.parse((await client.get('/api-w/viewer')).body).account?.pendingEmail ===
      `new-${email}`,
  },
  {
    name: 'account deletion',
    act: ({ client, email }) => client.post('/api/delete-account', { username: email }),
    tookEffect: async ({ client }) => !(await isSignedIn(client)),
  },
];

async function passkeyAssertion(client: TestClient, authenticator: SoftAuthenticator) {
  const options = await client.post<{ options: { challenge: string } }>(
    '/api/reauthenticate/passkey-options',
    {},
  );
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return authenticator.authenticate(options.body.options);
}

function linkTokenFor(email: string): string {
  const mail = t.mails.find((m) => m.to === email && m.links?.[0]?.includes('/confirm-it-is-you'));
  const token = mail?.links?.[0] ? new URL(mail.links[0]).searchParams.get('token') : null;
  if (!token) throw new Error(`no re-confirmation link for ${email}`);
  return token;
}

/** The three ways to confirm who one is. */
const reconfirmations: { name: string; reconfirm: (member: Member) => Promise<{ status: number }> }[] = [
  {
    name: 'password',
    reconfirm: ({ client, password }) => client.post('/api/reauthenticate/password', { password }),
  },
  {
    name: 'passkey',
    reconfirm: async ({ client, authenticator }) =>
      client.post('/api/reauthenticate/passkey', {
        response: await passkeyAssertion(client, authenticator),
      }),
  },
  {
    name: 'emailed link',
    reconfirm: async ({ client, email }) => {
      const sent = await client.post('/api/reauthenticate/request-link', {});
      expect(sent.status).toBe(200);
      return client.post('/api/reauthenticate/link', { token: linkTokenFor(email) });
    },
  },
];

describe.each(actions)('$name needs a recent authentication (ASVS 6.2.3)', ({ act, tookEffect }) => {
  it('is refused with RecentAuthenticationRequired once the sign-in is older than 10 minutes, and changes nothing', async () => {
    const member = await memberSignedInAgo(11);
    const res = await act(member);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(refusal);
    expect(await tookEffect(member)).toBe(false);
  });

  it('is accepted within 10 minutes of signing in', async () => {
    const member = await memberSignedInAgo(9);
    const res = await act(member);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await tookEffect(member)).toBe(true);
  });

  it.each(reconfirmations)('is accepted after re-confirming by $name', async ({ reconfirm }) => {
    const member = await memberSignedInAgo(60);
    expect((await act(member)).status).toBe(403);
    const confirmed = await reconfirm(member);
    expect(confirmed.status).toBe(200);
    const res = await act(member);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await tookEffect(member)).toBe(true);
  });
});

describe('re-confirming who one is (ASVS 6.2.3)', () => {
  const changePassword = actions[0] as (typeof actions)[number];

  async function stillRefused(member: Member) {
    const res = await changePassword.act(member);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(refusal);
  }

  it('the status call says whether this session may make a sensitive change now', async () => {
    const member = await memberSignedInAgo(11);
    const status = async () =>
      reauthenticationStatusEndpoint.response.parse((await member.client.get('/api/reauthentication')).body);
    expect(await status()).toEqual({ success: true, recentlyAuthenticated: false });
    await member.client.post('/api/reauthenticate/password', { password: member.password });
    expect(await status()).toEqual({ success: true, recentlyAuthenticated: true });
    expect((await t.client().get('/api/reauthentication')).status).toBe(401);
  });

  it("another account's password confirms nothing", async () => {
    const member = await memberSignedInAgo(11);
    const other = await t.signedInMember({ password: 'someone-elses-password' });
    const res = await member.client.post('/api/reauthenticate/password', { password: other.password });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: 'IncorrectPassword' });
    await stillRefused(member);
  });

  it("another account's passkey confirms nothing, even answering this session's challenge", async () => {
    const member = await memberSignedInAgo(11);
    const other = await memberSignedInAgo(0);
    const res = await member.client.post('/api/reauthenticate/passkey', {
      response: await passkeyAssertion(member.client, other.authenticator),
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: 'PasskeyRefused' });
    await stillRefused(member);
  });

  it('a passkey challenge belongs to the session that asked for it', async () => {
    const member = await memberSignedInAgo(11);
    const other = await memberSignedInAgo(11);
    // The other member signs this member's challenge with their own passkey, in their own session.
    const assertion = await passkeyAssertion(member.client, other.authenticator);
    const res = await other.client.post('/api/reauthenticate/passkey', { response: assertion });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ChallengeExpired' });
    await stillRefused(other);
  });

  it('a passkey re-confirmation cannot be replayed', async () => {
    const member = await memberSignedInAgo(11);
    const assertion = await passkeyAssertion(member.client, member.authenticator);
    expect((await member.client.post('/api/reauthenticate/passkey', { response: assertion })).status).toBe(
      200,
    );
    await ageSession(member.client, 11);
    const replay = await member.client.post('/api/reauthenticate/passkey', { response: assertion });
    expect(replay.status).toBe(400);
    await stillRefused(member);
  });

  it('a wrong password is throttled together with password sign-in: the right one then waits too', async () => {
    const member = await memberSignedInAgo(11);
    for (let i = 0; i < 3; i++) {
      expect(
        (await t.client().post('/api/login', { username: member.email, password: 'wrong' })).status,
      ).toBe(401);
    }
    for (let i = 0; i < 2; i++) {
      const res = await member.client.post('/api/reauthenticate/password', { password: 'wrong-again' });
      expect(res.status).toBe(401);
    }
    const right = await member.client.post('/api/reauthenticate/password', { password: member.password });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ success: false, error: 'TooManyAttempts' });
    expect(right.headers['retry-after']).toBeDefined();
    await stillRefused(member);
    // Sign-in waits as well: the re-confirmation was no way round the throttle.
    expect(
      (await t.client().post('/api/login', { username: member.email, password: member.password })).status,
    ).toBe(429);
    // The emailed link is never throttled by it.
    await member.client.post('/api/reauthenticate/request-link', {});
    const link = await member.client.post('/api/reauthenticate/link', { token: linkTokenFor(member.email) });
    expect(link.status).toBe(200);
  });

  it('an emailed link works once, in the browser that asked for it, and refreshes only that session', async () => {
    const member = await memberSignedInAgo(11);
    const otherBrowser = fromOwnAddress(
      (await t.signedInMember({ email: `second-${member.email}`, password: 'lantern-harbour-47' })).client,
    );
    const sameMemberElsewhere = fromOwnAddress(t.client());
    await sameMemberElsewhere.post('/api/login', { username: member.email, password: member.password });
    await ageSession(sameMemberElsewhere, 11);

    await member.client.post('/api/reauthenticate/request-link', {});
    const token = linkTokenFor(member.email);
    // Another member's session, the member's own other session, or none: the link does not count there.
    expect((await otherBrowser.post('/api/reauthenticate/link', { token })).body).toMatchObject({
      error: 'OtherBrowser',
    });
    expect((await sameMemberElsewhere.post('/api/reauthenticate/link', { token })).body).toMatchObject({
      error: 'OtherBrowser',
    });
    expect((await t.client().post('/api/reauthenticate/link', { token })).status).toBe(401);
    // ...and it was not used up there.
    expect((await member.client.post('/api/reauthenticate/link', { token })).status).toBe(200);
    expect((await changePassword.act({ ...member, client: sameMemberElsewhere })).status).toBe(403);

    await ageSession(member.client, 11);
    const again = await member.client.post('/api/reauthenticate/link', { token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'LinkExpired' });
    await stillRefused(member);
  });

  it('an emailed link expires with magicLinkExpiryMinutes, and a newer link replaces the older', async () => {
    const member = await memberSignedInAgo(11);
    await member.client.post('/api/reauthenticate/request-link', {});
    const first = linkTokenFor(member.email);
    await member.client.post('/api/reauthenticate/request-link', {});
    const second = linkTokenFor(member.email);
    expect((await member.client.post('/api/reauthenticate/link', { token: first })).body).toMatchObject({
      error: 'LinkExpired',
    });
    await t.ctx.db.query(
      "UPDATE link_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [hashToken(second)],
    );
    expect((await member.client.post('/api/reauthenticate/link', { token: second })).body).toMatchObject({
      error: 'LinkExpired',
    });
    await stillRefused(member);
  });

  it('signing in again by password, passkey or emailed link counts as a recent authentication', async () => {
    const member = await memberSignedInAgo(11);
    const byPassword = t.client();
    await byPassword.post('/api/login', { username: member.email, password: member.password });
    expect((await byPassword.get('/api/reauthentication')).body).toMatchObject({
      recentlyAuthenticated: true,
    });

    const byPasskey = t.client();
    const options = await byPasskey.post<{ options: { challenge: string } }>(
      '/api/passkeys/login-options',
      {},
    );
    const login = await byPasskey.post('/api/passkeys/login', {
      response: member.authenticator.authenticate(options.body.options),
    });
    expect(login.status).toBe(200);
    expect((await byPasskey.get('/api/reauthentication')).body).toMatchObject({
      recentlyAuthenticated: true,
    });

    const byLink = t.client();
    await byLink.post('/api/request-magic-link', { email: member.email });
    const mail = t.mails.find((m) => m.to === member.email && m.links?.[0]?.includes('/magic-login'));
    const token = new URL(mail?.links?.[0] ?? 'http://x').searchParams.get('token');
    expect((await byLink.post('/api/magic-link', { token })).status).toBe(200);
    expect((await byLink.get('/api/reauthentication')).body).toMatchObject({ recentlyAuthenticated: true });
  });

  it('changes that hand nothing over (name, marketing choices) need no re-confirmation', async () => {
    const member = await memberSignedInAgo(60);
    const res = await member.client.post('/api/update-account', {
      name: 'Renamed Member',
      email: member.email,
      marketingConsent: 'consent',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('sessions that start by joining count as just authenticated', () => {
  it('accept-invite: the new member may add a passkey at once (the onboarding step)', async () => {
    const email = `joiner-${Date.now()}@example.com`;
    const created = await t.partner<{ invite: { acceptUrl: string } }>('POST', '/invites', {
      email,
      name: 'Jo Iner',
    });
    expect(created.status).toBe(201);
    const token = new URL(created.body.invite.acceptUrl).searchParams.get('token');
    const browser = t.client();
    const accepted = await browser.post('/api/accept-invite', {
      token,
      allowMarketing: false,
      allowMarketingWhatsApp: false,
      password: 'joining-password',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await browser.get('/api/reauthentication')).body).toMatchObject({ recentlyAuthenticated: true });
    expect((await registerPasskey(browser)).status).toBe(200);
  });
});

describe('re-confirming by emailed link follows enableMagicLinkLogins', () => {
  let noLinks: TestApp;
  beforeAll(async () => {
    noLinks = await createTestApp({ config: { enableMagicLinkLogins: false } });
  });
  afterAll(() => noLinks.close());

  it('with emailed sign-in links off, no re-confirmation link is sent; the password still works', async () => {
    const member = await noLinks.signedInMember();
    const token = member.client.sessionCookie() ?? '';
    await noLinks.ctx.db.query(
      "UPDATE sessions SET authenticated_at = now() - interval '11 minutes' WHERE token_hash = $1",
      [hashToken(token)],
    );
    expect((await member.client.post('/api/reauthenticate/request-link', {})).status).toBe(404);
    expect(noLinks.mails.filter((mail) => mail.to === member.email)).toHaveLength(0);
    const res = await member.client.post('/api/reauthenticate/password', { password: member.password });
    expect(res.status).toBe(200);
    expect((await member.client.post('/api/change-password', { password: 'fresh-password-1' })).status).toBe(
      200,
    );
  });
});

describe('recentAuthenticationMinutes comes from configuration', () => {
  let thirty: TestApp;
  beforeAll(async () => {
    thirty = await createTestApp({ config: { recentAuthenticationMinutes: 30 } });
  });
  afterAll(() => thirty.close());

  it('with 30 minutes, a 20-minute-old sign-in may change the password; a 31-minute-old one may not', async () => {
    const fresh = await thirty.signedInMember();
    const token = fresh.client.sessionCookie() ?? '';
    const age = (minutes: number) =>
      thirty.ctx.db.query(
        'UPDATE sessions SET authenticated_at = now() - make_interval(mins => $2) WHERE token_hash = $1',
        [hashToken(token), minutes],
      );
    await age(20);
    expect((await fresh.client.post('/api/change-password', { password: 'another-password-1' })).status).toBe(
      200,
    );
    await age(31);
    const res = await fresh.client.post('/api/change-password', { password: 'another-password-2' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(refusal);
  });
});

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateAccountEndpoint } from '#shared/api/account.ts';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';
import type { Database, Queryable } from '../db/database.ts';
import { emailChangeLimits } from './email-change.ts';

/**
 * A member's email change (SPEC §4 Profile update) against a member acting on somebody else's
 * address: the link sent to the new address proves it for the member only when the member opens it,
 * signed in; anyone else's click proves nothing and signs nobody in. The answer never says whether
 * the address is a member's, and changes are limited per member and per address.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { selfProfileUpdateEnabled: true } });
});
afterAll(() => t.close());

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2)}@example.com`;

async function viewerOf(browser: TestClient) {
  return viewerResponseSchema.parse((await browser.get('/api-w/viewer')).body);
}

/** The newest mail to `to`, and its link as the email and token the page sends. */
function newestMailTo(to: string) {
  const mail = t.mails.find((m) => m.to === to);
  const url = new URL(mail?.links?.[0] ?? 'http://none/');
  return {
    mail,
    link: { username: url.searchParams.get('email') ?? '', token: url.searchParams.get('token') ?? '' },
  };
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

describe('the takeover: member A asks for the victim’s address and the victim presses Continue', () => {
  it('the mail names the membership asking; the victim’s click proves nothing, signs nobody in, and the victim’s address and purchases stay out of A’s account', async () => {
    const a = await t.signedInMember({ name: 'Ivan Intruder', password: 'intruder-secret-9' });
    const victim = unique('victim');
    const asked = await a.client.post('/api/update-account', { email: victim });
    expect(asked.status).toBe(200);

    // The mail says which membership asks, and that a stranger should ignore it.
    const { mail, link } = newestMailTo(victim);
    expect(mail?.subject).toMatch(/verify your email address/i);
    expect(mail?.text).toContain('Ivan Intruder');
    expect(mail?.text).toContain(`ending in ${a.loyaltyId.slice(-4)}`);
    expect(mail?.text).not.toContain(a.loyaltyId);
    expect(mail?.text).not.toContain(a.email);
    expect(mail?.text).toContain('If you did not ask for this, ignore this email');

    // The victim opens the link, and presses Continue.
    const victimBrowser = t.client();
    const opened = await victimBrowser.post('/api/verify-email', link);
    const pressed = await victimBrowser.post('/api/verify-email', { ...link, confirmed: true });
    for (const answer of [opened, pressed]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ success: false, error: 'SignInToConfirmEmail' });
      expect(answer.body).not.toHaveProperty('account');
    }
    expect((await viewerOf(victimBrowser)).isAnonymous).toBe(true);

    // A keeps A's own address; the victim's stays unproven and A's session goes on as it was.
    expect((await viewerOf(a.client)).account).toMatchObject({
      email: a.email,
      emailIsVerified: true,
      pendingEmail: victim,
    });
    const proven = await t.ctx.db.query('SELECT 1 FROM accounts WHERE email = $1 AND email_verified', [
      victim,
    ]);
    expect(proven).toHaveLength(0);
    // A cannot sign in with the victim's address and A's password.
    const asVictim = await t.client().post('/api/login', { username: victim, password: 'intruder-secret-9' });
    expect(asVictim.status).toBe(401);
    // The victim's till purchase by email is kept for its owner, never credited to A.
    const till = await purchase(victim, `till-${Date.now()}`);
    expect(till.status).toBe(202);
    const credited = await t.ctx.db.query(
      'SELECT 1 FROM ledger_entries l JOIN accounts a ON a.id = l.account_id WHERE a.loyalty_id = $1',
      [a.loyaltyId],
    );
    expect(credited).toHaveLength(0);
  });

  it('another member signed in elsewhere cannot confirm it either', async () => {
    const a = await t.signedInMember();
    const other = await t.signedInMember();
    const wanted = unique('wanted');
    await a.client.post('/api/update-account', { email: wanted });
    const { link } = newestMailTo(wanted);
    const answer = await other.client.post('/api/verify-email', { ...link, confirmed: true });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'SignInToConfirmEmail' });
    expect((await viewerOf(other.client)).account).toMatchObject({ email: other.email });
    expect((await viewerOf(a.client)).account).toMatchObject({ email: a.email, pendingEmail: wanted });
  });
});

describe('the member confirms their own change', () => {
  it('on another device: signed out it asks to sign in and spends nothing; signed in as the member, the same link confirms it', async () => {
    const a = await t.signedInMember();
    const wanted = unique('wanted');
    await a.client.post('/api/update-account', { email: wanted });
    const { link } = newestMailTo(wanted);
    const phone = t.client();
    expect((await phone.post('/api/verify-email', { ...link, confirmed: true })).status).toBe(403);
    const signIn = await phone.post('/api/login', { username: a.email, password: a.password });
    expect(signIn.status).toBe(200);
    const confirmed = await phone.post('/api/verify-email', { ...link, confirmed: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ account: { email: wanted, emailIsVerified: true } });
    expect((await t.client().post('/api/login', { username: wanted, password: a.password })).status).toBe(
      200,
    );
  });

  it('the switch is refused when the address was proven by somebody else since the request', async () => {
    const a = await t.signedInMember();
    const wanted = unique('wanted');
    await a.client.post('/api/update-account', { email: wanted });
    const { link } = newestMailTo(wanted);
    const owner = await t.partner('POST', '/members', { email: wanted, name: 'Olive Owner' });
    expect(owner.status).toBe(201);
    // The owner's proof ended A's request, so A's link no longer proves anything.
    const answer = await a.client.post('/api/verify-email', link);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'LinkInvalid' });
    expect((await viewerOf(a.client)).account).toMatchObject({ email: a.email, emailIsVerified: true });
  });
});

/** Every statement the database runs for the request, but the outbox worker's delivery after it. */
function recordStatements(db: Database): { sql: () => string[]; restore: () => void } {
  const { query, transaction } = db;
  const seen: string[] = [];
  const recording = (target: Queryable): Queryable['query'] =>
    ((sql: string, params?: readonly unknown[]) => {
      if (!/outbox_mail/.test(sql) || /^\s*INSERT INTO outbox_mail/.test(sql)) seen.push(sql);
      return target.query(sql, params);
    }) as Queryable['query'];
  db.query = recording({ query: query.bind(db) });
  db.transaction = ((work: (tx: Queryable) => Promise<unknown>) =>
    transaction.call(db, (tx) => work({ query: recording(tx) }))) as Database['transaction'];
  return {
    sql: () => [...seen],
    restore: () => {
      db.query = query;
      db.transaction = transaction;
    },
  };
}

describe('the answer never says whether an address is a member’s', () => {
  it('a member’s address and a stranger’s get the same answer after the same statements; the member hears only a neutral note', async () => {
    const owner = await t.signedInMember({ name: 'Olive Owner' });
    const stranger = unique('stranger');
    const first = await t.signedInMember();
    const second = await t.signedInMember();
    // The occasional sweep of old limit rows must not land on one side only.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const recorded = recordStatements(t.ctx.db);
    let forMember: Awaited<ReturnType<TestClient['post']>>;
    let forStranger: Awaited<ReturnType<TestClient['post']>>;
    let memberStatements: string[];
    try {
      forMember = await first.client.post('/api/update-account', { email: owner.email });
      memberStatements = recorded.sql();
      forStranger = await second.client.post('/api/update-account', { email: stranger });
    } finally {
      recorded.restore();
      vi.restoreAllMocks();
    }
    const strangerStatements = recorded.sql().slice(memberStatements.length);
    expect(forMember.status).toBe(200);
    expect(forStranger.status).toBe(forMember.status);
    const shape = (body: unknown, asked: string, own: string) => {
      const parsed = updateAccountEndpoint.response.parse(body);
      return {
        ...parsed,
        message: parsed.message?.replaceAll(asked, '<asked>'),
        account: {
          email: parsed.account?.email === own ? '<own>' : parsed.account?.email,
          pendingEmail: parsed.account?.pendingEmail === asked ? '<asked>' : parsed.account?.pendingEmail,
          emailIsVerified: parsed.account?.emailIsVerified,
          resend: parsed.account?.emailVerificationRequestResendAvailable,
        },
      };
    };
    expect(shape(forStranger.body, stranger, second.email)).toEqual(
      shape(forMember.body, owner.email, first.email),
    );
    expect(strangerStatements).toEqual(memberStatements);

    // The stranger gets the link; the member a note that names nobody and carries no link.
    expect(newestMailTo(stranger).link.token).not.toBe('');
    const note = t.mails.find((m) => m.to === owner.email);
    expect(note?.subject).toMatch(/someone tried to use your email address/i);
    expect(note?.links ?? []).not.toContainEqual(expect.stringContaining('token='));
    expect(note?.text).not.toContain(first.email);
    expect(note?.text).not.toContain(first.loyaltyId.slice(-4));
    // The owner keeps the address; the asker's account only asks.
    expect((await viewerOf(owner.client)).account).toMatchObject({
      email: owner.email,
      emailIsVerified: true,
    });
    expect((await viewerOf(first.client)).account).toMatchObject({
      email: first.email,
      pendingEmail: owner.email,
    });
  });
});

describe('email changes are limited per member and per address', () => {
  it(`a member's change after ${emailChangeLimits.perAccount} in the window answers 429 and mails nobody`, async () => {
    const a = await t.signedInMember();
    for (let i = 0; i < emailChangeLimits.perAccount; i += 1) {
      expect((await a.client.post('/api/update-account', { email: unique('asked') })).status).toBe(200);
    }
    for (let i = emailChangeLimits.perAccount; i < 21; i += 1) {
      const refused = unique('refused');
      const answer = await a.client.post('/api/update-account', { email: refused });
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ success: false, error: 'EmailChangeLimited' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(t.mails.filter((m) => m.to === refused)).toHaveLength(0);
    }
    // Other changes of the member's details go on working.
    expect((await a.client.post('/api/update-account', { name: 'Still Here' })).status).toBe(200);
  });

  it(`one address is asked for by at most ${emailChangeLimits.perAddress} members in the window`, async () => {
    const target = unique('target');
    const answers = [];
    for (let i = 0; i <= emailChangeLimits.perAddress; i += 1) {
      const member = await t.signedInMember();
      answers.push((await member.client.post('/api/update-account', { email: target })).status);
    }
    expect(answers).toEqual([...Array(emailChangeLimits.perAddress).fill(200), 429]);
    expect(t.mails.filter((m) => m.to === target)).toHaveLength(emailChangeLimits.perAddress);
  });
});

describe('deletion', () => {
  it('deleting the account forgets the limit counted against the address it asked to move to', async () => {
    const a = await t.signedInMember();
    const wanted = unique('wanted');
    expect((await a.client.post('/api/update-account', { email: wanted })).status).toBe(200);
    const keyOf = (email: string) => createHash('sha256').update(email).digest('base64url');
    const counted = () =>
      t.ctx.db.query("SELECT 1 FROM rate_limit_counters WHERE bucket = 'email-change-address' AND key = $1", [
        keyOf(wanted),
      ]);
    expect(await counted()).toHaveLength(1);
    expect((await a.client.post('/api/delete-account', { username: a.email })).status).toBe(200);
    expect(await counted()).toHaveLength(0);
  });
});

// PGlite has one connection, so only PostgreSQL can show requests racing.
describe.runIf(process.env.TEST_DATABASE_URL)('bursts (PostgreSQL)', () => {
  it('100 parallel changes by one member to 100 addresses mail at most the limit, never a 5xx', async () => {
    const a = await t.signedInMember();
    const addresses = Array.from({ length: 100 }, () => unique('burst'));
    const answers = await Promise.all(
      addresses.map((email) => a.client.post('/api/update-account', { email })),
    );
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(emailChangeLimits.perAccount);
    const mailed = t.mails.filter((m) => addresses.includes(m.to));
    expect(mailed).toHaveLength(emailChangeLimits.perAccount);
  });

  it('parallel changes by many members to one address mail it at most the limit', async () => {
    const target = unique('target');
    const members = [];
    for (let i = 0; i < 12; i += 1) members.push(await t.signedInMember());
    const answers = await Promise.all(
      members.map((member) => member.client.post('/api/update-account', { email: target })),
    );
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(emailChangeLimits.perAddress);
    expect(t.mails.filter((m) => m.to === target)).toHaveLength(emailChangeLimits.perAddress);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestResponse } from '#tests/support/test-app.ts';
import type { Database, Queryable } from '../db/database.ts';

const stranger = () => `nobody-${Math.random().toString(36).slice(2)}@example.com`;
const confirmations = { confirmAge: true, acceptTerms: true };

let addressCounter = 0;
/** A new client address, as the trusted proxy (the test's loopback) reports it. */
function address(): Record<string, string> {
  addressCounter += 1;
  return { 'x-forwarded-for': `203.0.113.${addressCounter}` };
}

function statusCounts(answers: TestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

/** Runs `count` requests at once. */
function burst(count: number, send: (index: number) => Promise<TestResponse>): Promise<TestResponse[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => send(index)));
}

// PGlite has one connection, so parallel requests there run one after another and cannot race.
describe.runIf(process.env.TEST_DATABASE_URL)('rate limits hold under parallel bursts (PostgreSQL)', () => {
  let t: TestApp;
  const limits = {
    signInThrottle: { accountFailures: 5, addressFailures: 20, windowMinutes: 15 },
    emailLinkLimits: { perEmail: 5, perAddress: 10, windowMinutes: 60 },
    passkeyOptionsLimits: { perAddress: 10, windowMinutes: 10 },
  };
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        ...limits,
        selfSignupEnabled: true,
        guidedSignupEnabled: true,
        trustedProxies: ['127.0.0.1'],
      },
    });
  });
  afterAll(() => t.close());

  it('sign-in per account: 100 parallel wrong passwords get at most accountFailures password checks', async () => {
    const { email } = await t.signedInMember();
    const answers = await burst(100, (i) =>
      t.client().post('/api/login', { username: email, password: `wrong-guess-${i}` }, address()),
    );
    const counts = statusCounts(answers);
    // A 401 is a password that was checked; every other answer is the throttle's 429.
    expect(counts[401]).toBe(limits.signInThrottle.accountFailures);
    expect(counts[429]).toBe(100 - limits.signInThrottle.accountFailures);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('sign-in per account: the right password inside a burst after the limit is refused', async () => {
    const { email, password } = await t.signedInMember();
    await burst(20, (i) =>
      t.client().post('/api/login', { username: email, password: `wrong-guess-${i}` }, address()),
    );
    const guesses = [...Array.from({ length: 19 }, (_, i) => `another-guess-${i}`), password];
    const answers = await burst(guesses.length, (i) =>
      t.client().post('/api/login', { username: email, password: guesses[i] }, address()),
    );
    expect(statusCounts(answers)).toEqual({ 429: guesses.length });
    expect(answers.some((answer) => answer.headers['set-cookie'])).toBe(false);
  });

  it('sign-in per address: 100 parallel wrong passwords for different accounts get at most addressFailures checks', async () => {
    const from = address();
    const answers = await burst(100, () =>
      t.client().post('/api/login', { username: stranger(), password: 'wrong-guess' }, from),
    );
    const counts = statusCounts(answers);
    expect(counts[401]).toBe(limits.signInThrottle.addressFailures);
    expect(counts[429]).toBe(100 - limits.signInThrottle.addressFailures);
  });

  it('sign-in: a right password forgives its own reservation, so parallel members behind one address all get in', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => t.signedInMember()));
    const from = address();
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        members.map((member) =>
          t.client().post('/api/login', { username: member.email, password: member.password }, from),
        ),
      );
      expect(statusCounts(answers)).toEqual({ 200: members.length });
    }
  });

  for (const [path, field, subject] of [
    ['/api/request-magic-link', 'email', 'sign-in link'],
    ['/api/request-password-reset', 'username', 'reset link'],
  ] as const) {
    it(`${subject} per inbox: 50 parallel requests for one member send at most perEmail emails`, async () => {
      const { email } = await t.signedInMember();
      const answers = await burst(50, () => t.client().post(path, { [field]: email }, address()));
      const counts = statusCounts(answers);
      expect(counts[200]).toBe(limits.emailLinkLimits.perEmail);
      expect(counts[429]).toBe(50 - limits.emailLinkLimits.perEmail);
      expect(t.mails.filter((mail) => mail.to === email)).toHaveLength(limits.emailLinkLimits.perEmail);
    });

    it(`${subject} per address: 30 parallel requests for different inboxes get at most perAddress answers`, async () => {
      const { email } = await t.signedInMember();
      const from = address();
      // The member is one of the 30: of all of them, only perAddress are served.
      const answers = await burst(30, (i) =>
        t.client().post(path, { [field]: i === 29 ? email : stranger() }, from),
      );
      expect(statusCounts(answers)[200]).toBe(limits.emailLinkLimits.perAddress);
      expect(t.mails.filter((mail) => mail.to === email).length).toBeLessThanOrEqual(1);
    });
  }

  it('verification resend: 30 parallel requests send one email', async () => {
    const created = await t.partner<{ member: { email: string } }>('POST', '/members', {
      email: stranger(),
      name: 'Uma Verify',
      password: 'velvet-harbour',
      emailVerified: false,
    });
    const email = created.body.member.email;
    const browser = t.client();
    expect((await browser.post('/api/login', { username: email, password: 'velvet-harbour' })).status).toBe(
      200,
    );
    const answers = await burst(30, () => browser.post('/api/request-verification-resend', {}));
    expect(statusCounts(answers)).toEqual({ 200: 1, 429: 29 });
    expect(t.mails.filter((mail) => mail.to === email)).toHaveLength(1);
  });

  it('sign-up per address: 30 parallel sign-ups get at most perAddress accounts', async () => {
    const from = address();
    const answers = await burst(30, () =>
      t
        .client()
        .post(
          '/api/signup',
          { username: stranger(), name: 'Sam Park', allowMarketing: false, ...confirmations },
          from,
        ),
    );
    const counts = statusCounts(answers);
    expect(counts[201]).toBe(limits.emailLinkLimits.perAddress);
    expect(counts[429]).toBe(30 - limits.emailLinkLimits.perAddress);
  });

  it('guided sign-up per address: 30 parallel requests get at most perAddress answers', async () => {
    const from = address();
    const answers = await burst(30, () =>
      t
        .client()
        .post(
          '/api/guided-signup',
          { username: stranger(), name: 'Sam Park', allowMarketing: false, ...confirmations },
          from,
        ),
    );
    expect(answers.filter((answer) => answer.status < 300)).toHaveLength(limits.emailLinkLimits.perAddress);
    expect(statusCounts(answers)[429]).toBe(30 - limits.emailLinkLimits.perAddress);
  });

  it('passkey sign-in options per address: 30 parallel requests get at most perAddress challenges', async () => {
    const from = address();
    const answers = await burst(30, () => t.client().post('/api/passkeys/login-options', {}, from));
    const counts = statusCounts(answers);
    expect(counts[200]).toBe(limits.passkeyOptionsLimits.perAddress);
    expect(counts[429]).toBe(30 - limits.passkeyOptionsLimits.perAddress);
  });
});

describe('the client address behind proxies (trustedProxies)', () => {
  // Two link requests per address, so the third answer shows which address the app saw.
  const twoPerAddress = { emailLinkLimits: { perEmail: 100, perAddress: 2, windowMinutes: 60 } };

  async function answersFrom(t: TestApp, forwardedFor: (i: number) => string): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t
        .client()
        .post('/api/request-magic-link', { email: stranger() }, { 'x-forwarded-for': forwardedFor(i) });
      statuses.push(res.status);
    }
    return statuses;
  }

  it('by default a client-supplied X-Forwarded-For does not change its address', async () => {
    const t = await createTestApp({ config: twoPerAddress });
    try {
      expect(await answersFrom(t, (i) => `198.51.100.${i + 1}`)).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('with trustedProxies set to the proxy, the address it forwards is the client; spoofed hops before it are ignored', async () => {
    // The requests arrive from 127.0.0.1: that is the load balancer here.
    const t = await createTestApp({ config: { ...twoPerAddress, trustedProxies: ['127.0.0.1'] } });
    try {
      expect(await answersFrom(t, (i) => `198.51.100.${i + 1}`)).toEqual([200, 200, 200]);
      // The balancer appends the real peer; whatever the client wrote before it does not count.
      expect(await answersFrom(t, (i) => `203.0.113.${i + 1}, 198.51.100.99`)).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('X-Forwarded-For from a peer outside trustedProxies is ignored', async () => {
    const t = await createTestApp({ config: { ...twoPerAddress, trustedProxies: ['10.0.0.0/8'] } });
    try {
      expect(await answersFrom(t, (i) => `198.51.100.${i + 1}`)).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('link requests: members and strangers do the same work (SPEC: the answer never tells them apart)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustedProxies: ['127.0.0.1'] } });
  });
  afterAll(() => t.close());

  /** Counts the statements the app sends to the database, inside transactions too. */
  function countStatements(db: Database): { count: () => number; restore: () => void } {
    const { query, transaction } = db;
    let statements = 0;
    const counting = (target: Queryable): Queryable['query'] =>
      ((sql: string, params?: readonly unknown[]) => {
        // The outbox worker delivers the member's mail after the answer: its statements are not the request's.
        if (!/outbox_mail/.test(sql) || /^\s*INSERT INTO outbox_mail/.test(sql)) statements += 1;
        return target.query(sql, params);
      }) as Queryable['query'];
    db.query = counting({ query: query.bind(db) });
    db.transaction = ((work: (tx: Queryable) => Promise<unknown>) =>
      transaction.call(db, (tx) => work({ query: counting(tx) }))) as Database['transaction'];
    return {
      count: () => statements,
      restore: () => {
        db.query = query;
        db.transaction = transaction;
      },
    };
  }

  for (const [path, field, bucket] of [
    ['/api/request-magic-link', 'email', 'magic-link-email'],
    ['/api/request-password-reset', 'username', 'password-reset-email'],
  ] as const) {
    it(`${path}: a member and a stranger get the same answer after the same database statements, and both are counted`, async () => {
      const { email } = await t.signedInMember();
      const other = stranger();
      // The occasional sweep of old limit rows must not land on one side only.
      vi.spyOn(Math, 'random').mockReturnValue(0.5);
      const statements = countStatements(t.ctx.db);
      try {
        const forMember = await t.client().post(path, { [field]: email }, address());
        const memberStatements = statements.count();
        const forStranger = await t.client().post(path, { [field]: other }, address());
        const strangerStatements = statements.count() - memberStatements;
        expect(forStranger.status).toBe(forMember.status);
        expect(forStranger.body).toEqual(forMember.body);
        expect(strangerStatements).toBe(memberStatements);
      } finally {
        statements.restore();
        vi.restoreAllMocks();
      }
      const counted = await t.ctx.db.query<{ n: number }>(
        'SELECT cardinality(hits) AS n FROM rate_limit_counters WHERE bucket = $1',
        [bucket],
      );
      // One row per email, the member's and the stranger's, each with its one request.
      expect(counted.map((row) => Number(row.n))).toEqual([1, 1]);
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '#tests/support/soft-authenticator.ts';
import { enrolmentTokenOf } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp, type TestClient, type TestResponse } from '#tests/support/test-app.ts';

const perAddress = 3;
const perAccount = 5;
const config = {
  staff: { signInPerAddress: perAddress, signInPerAccount: perAccount },
  // The test's loopback is the proxy: X-Forwarded-For is each request's client address.
  trustedProxies: ['127.0.0.1'],
};

let addressCounter = 0;
/** A new client address, as the trusted proxy reports it. */
function newAddress(): Record<string, string> {
  addressCounter += 1;
  return { 'x-forwarded-for': `10.9.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}` };
}

const statuses = (answers: TestResponse[]) => answers.map((answer) => answer.status);

/** A staff member created by the partner API, whose enrolment link is not used yet. */
async function created(t: TestApp, role = 'support'): Promise<{ id: string; token: string }> {
  const res = await t.partner<{ enrolUrl: string; staff: { id: string } }>('POST', '/staff', {
    email: `throttle-${Math.random().toString(36).slice(2)}@example.com`,
    name: 'Sam Staff',
    role,
  });
  expect(res.status).toBe(201);
  return { id: res.body.staff.id, token: enrolmentTokenOf(res.body.enrolUrl) };
}

/** Enrols in `browser` from `from`; answers the passkey. */
async function enrolFrom(browser: TestClient, token: string, from: Record<string, string>) {
  const authenticator = new SoftAuthenticator();
  const options = await browser.post<{ options: { challenge: string; user: { id: string } } }>(
    '/staff-api/enrolment/options',
    { token },
    from,
  );
  expect(options.status).toBe(200);
  const enrolled = await browser.post(
    '/staff-api/enrolment',
    { token, response: authenticator.register(options.body.options) },
    from,
  );
  expect(enrolled.status).toBe(200);
  return authenticator;
}

const signInOptions = (browser: TestClient, from: Record<string, string>) =>
  browser.post<{ options: { challenge: string } }>('/staff-api/signin/options', {}, from);

async function signIn(browser: TestClient, authenticator: SoftAuthenticator, from: Record<string, string>) {
  const options = await signInOptions(browser, from);
  if (options.status !== 200) return options;
  return browser.post(
    '/staff-api/signin',
    { response: authenticator.authenticate(options.body.options) },
    from,
  );
}

/** Spends the anonymous allowance of `from`, as anyone sharing the address could. */
async function spendAddress(t: TestApp, from: Record<string, string>) {
  const answers: TestResponse[] = [];
  for (let i = 0; i <= perAddress; i++) answers.push(await signInOptions(t.client(), from));
  expect(statuses(answers)).toEqual([...Array(perAddress).fill(200), 429]);
}

describe('staff sign-in is throttled per staff account, so a shared address cannot shut the console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config });
  });
  afterAll(() => t.close());

  it('once others at the address have spent its allowance, a staff member on a browser they used before still signs in', async () => {
    const office = newAddress();
    const { token } = await created(t);
    const browser = t.client();
    const authenticator = await enrolFrom(browser, token, office);
    expect((await browser.post('/staff-api/signout', {}, office)).status).toBe(200);

    await spendAddress(t, office);
    expect((await signIn(browser, authenticator, office)).status).toBe(200);
    expect((await browser.get('/staff-api/me', office)).status).toBe(200);
    // A browser nobody signed in on still waits for the address.
    expect((await signInOptions(t.client(), office)).status).toBe(429);
  });

  it('enrolment with a live link is not held up by a spent address either', async () => {
    const office = newAddress();
    await spendAddress(t, office);
    const { token } = await created(t);
    const browser = t.client();
    await enrolFrom(browser, token, office);
    expect((await browser.get('/staff-api/me', office)).status).toBe(200);
    // A link that is not live counts against the address, which is spent.
    const bad = await t.client().post('/staff-api/enrolment/options', { token: 'x'.repeat(43) }, office);
    expect(bad.status).toBe(429);
  });

  it('the account’s limit holds whatever addresses the requests come from, and only that account waits', async () => {
    const { token } = await created(t);
    const browser = t.client();
    await enrolFrom(browser, token, newAddress());
    const answers: TestResponse[] = [];
    for (let i = 0; i < perAccount + 3; i++) answers.push(await signInOptions(browser, newAddress()));
    expect(statuses(answers)).toEqual([...Array(perAccount).fill(200), 429, 429, 429]);
    expect(Number(answers.at(-1)?.headers['retry-after'])).toBeGreaterThan(0);

    // Another staff member's browser, and strangers at new addresses, are not held up by it.
    const other = await created(t);
    const otherBrowser = t.client();
    await enrolFrom(otherBrowser, other.token, newAddress());
    expect((await signInOptions(otherBrowser, newAddress())).status).toBe(200);
    expect((await signInOptions(t.client(), newAddress())).status).toBe(200);
  });

  it('a new enrolment link takes the allowance away from the browsers of the lost device', async () => {
    const office = newAddress();
    const admin = await created(t, 'admin');
    const adminBrowser = t.client();
    await enrolFrom(adminBrowser, admin.token, newAddress());
    const { id, token } = await created(t);
    const lostBrowser = t.client();
    await enrolFrom(lostBrowser, token, newAddress());

    const link = await adminBrowser.post<{ enrolUrl: string }>('/staff-api/staff/enrolment-link', { id });
    expect(link.status).toBe(200);
    await enrolFrom(t.client(), enrolmentTokenOf(link.body.enrolUrl), newAddress());

    // The lost browser is a stranger now: it waits with everyone else at its address.
    await spendAddress(t, office);
    expect((await signInOptions(lostBrowser, office)).status).toBe(429);
  });
});

// PGlite has one connection, so parallel requests there run one after another and cannot race.
describe.runIf(process.env.TEST_DATABASE_URL)(
  'the per-account limit under parallel bursts (PostgreSQL)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config });
    });
    afterAll(() => t.close());

    it('100 parallel sign-in options from one staff member’s browser at 100 addresses get at most signInPerAccount', async () => {
      const { token } = await created(t);
      const browser = t.client();
      await enrolFrom(browser, token, newAddress());
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => signInOptions(browser, newAddress())),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(perAccount);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(100 - perAccount);
    });

    it('100 parallel enrolment options with one link at 100 addresses get at most signInPerAccount', async () => {
      const { token } = await created(t);
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          t.client().post('/staff-api/enrolment/options', { token }, newAddress()),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(perAccount);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(100 - perAccount);
    });
  },
);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endOtherSessionsEndpoint, endSessionEndpoint, sessionsEndpoint } from '#shared/api/sessions.ts';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';
import { hashToken } from './tokens.ts';

/**
 * A member sees and ends their own sessions, and only theirs. Every refusal is checked
 * to change nothing: the session it named still works afterwards.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const agents = {
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
};

/** A new browser (its own cookies) that sends `agent` as its User-Agent on every request. */
function browser(agent: string): TestClient {
  const client = t.client();
  const request = client.request.bind(client);
  client.request = (method, url, body, headers = {}) =>
    request(method, url, body, { 'user-agent': agent, ...headers });
  return client;
}

/** A member signed in on a Mac, then on an iPhone and on Windows: three sessions. */
async function memberOnThreeBrowsers() {
  const member = await t.signedInMember();
  const signIn = async (agent: string) => {
    const client = browser(agent);
    const res = await client.post('/api/login', { username: member.email, password: member.password });
    expect(res.status).toBe(200);
    return client;
  };
  return {
    ...member,
    mac: await signIn(agents.mac),
    iphone: await signIn(agents.iphone),
    windows: await signIn(agents.windows),
  };
}

async function sessionsOf(client: TestClient) {
  const res = await client.get('/api/sessions');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sessionsEndpoint.response.parse(res.body).sessions;
}

async function isSignedIn(client: TestClient): Promise<boolean> {
  return !viewerResponseSchema.parse((await client.get('/api-w/viewer')).body).isAnonymous;
}

describe('GET /api/sessions', () => {
  it("lists the member's live sessions with browser and platform, the asking one first and marked", async () => {
    const m = await memberOnThreeBrowsers();
    const list = await sessionsOf(m.iphone);
    // The helper's own sign-in (no User-Agent) and the three browsers.
    expect(list).toHaveLength(4);
    expect(list[0]).toMatchObject({ browser: 'Safari', platform: 'iPhone', current: true, passkey: null });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => `${s.browser} on ${s.platform}`)).toEqual(
      expect.arrayContaining(['Chrome on macOS', 'Firefox on Windows', 'null on null']),
    );
    for (const s of list) {
      expect(Date.parse(s.signedInAt)).not.toBeNaN();
      expect(Date.parse(s.lastUsedAt)).not.toBeNaN();
    }
    // Nothing of the cookie's token or its hash leaves the server.
    const token = m.iphone.sessionCookie() ?? '';
    expect(JSON.stringify(list)).not.toContain(token);
    expect(JSON.stringify(list)).not.toContain(hashToken(token));
  });

  it("never shows another member's sessions", async () => {
    const a = await memberOnThreeBrowsers();
    const b = await t.signedInMember();
    const idsOfA = (await sessionsOf(a.mac)).map((s) => s.id);
    const listOfB = await sessionsOf(b.client);
    expect(listOfB).toHaveLength(1);
    expect(idsOfA).not.toContain(listOfB[0]?.id);
  });

  it('leaves out sessions past their idle or absolute time-out', async () => {
    const m = await memberOnThreeBrowsers();
    const idle = hashToken(m.mac.sessionCookie() ?? '');
    const old = hashToken(m.windows.sessionCookie() ?? '');
    await t.ctx.db.query(
      "UPDATE sessions SET last_seen_at = now() - interval '400 days' WHERE token_hash = $1",
      [idle],
    );
    await t.ctx.db.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [old],
    );
    const list = await sessionsOf(m.iphone);
    expect(list).toHaveLength(2);
    expect(list.map((s) => s.browser)).not.toContain('Chrome');
    expect(list.map((s) => s.browser)).not.toContain('Firefox');
  });

  it('answers 401 LOGIN_REQUIRED when signed out', async () => {
    const res = await t.client().get('/api/sessions');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: 'LOGIN_REQUIRED' });
  });
});

describe('POST /api/sessions/end', () => {
  it('ends another session at once: its next request is signed out, and the list loses it', async () => {
    const m = await memberOnThreeBrowsers();
    const mac = (await sessionsOf(m.iphone)).find((s) => s.browser === 'Chrome');
    const res = await m.iphone.post('/api/sessions/end', { id: mac?.id });
    expect(res.status).toBe(200);
    expect(endSessionEndpoint.response.parse(res.body)).toMatchObject({ success: true, signedOut: false });
    expect(await isSignedIn(m.mac)).toBe(false);
    expect((await m.mac.get('/api/sessions')).status).toBe(401);
    expect(await isSignedIn(m.iphone)).toBe(true);
    expect(await isSignedIn(m.windows)).toBe(true);
    expect((await sessionsOf(m.iphone)).map((s) => s.id)).not.toContain(mac?.id);
  });

  it('ending the current session signs this browser out and clears its cookie', async () => {
    const m = await memberOnThreeBrowsers();
    const mine = (await sessionsOf(m.windows)).find((s) => s.current);
    const res = await m.windows.post('/api/sessions/end', { id: mine?.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, signedOut: true });
    expect(m.windows.sessionCookie()).toBeUndefined();
    expect(await isSignedIn(m.windows)).toBe(false);
    expect(await isSignedIn(m.mac)).toBe(true);
  });

  it("another member's session id answers 404 SessionUnknown and that session goes on working", async () => {
    const victim = await memberOnThreeBrowsers();
    const attacker = await t.signedInMember();
    const target = (await sessionsOf(victim.mac)).find((s) => s.current);
    const res = await attacker.client.post('/api/sessions/end', { id: target?.id });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: 'SessionUnknown' });
    expect(await isSignedIn(victim.mac)).toBe(true);
    expect(await sessionsOf(victim.mac)).toHaveLength(4);
    // The same answer as an id nobody has: the attacker learns nothing from it.
    const unknown = await attacker.client.post('/api/sessions/end', { id: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(res.body);
  });

  it('bad input gets a clear 400 and ends nothing', async () => {
    const m = await memberOnThreeBrowsers();
    for (const body of [{}, { id: '' }, { id: 'not-a-uuid' }, { id: 42 }, { id: null }, { id: ['x'] }]) {
      const res = await m.mac.post('/api/sessions/end', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'InvalidRequest' });
    }
    const token = hashToken(m.mac.sessionCookie() ?? '');
    const res = await m.mac.post('/api/sessions/end', { id: token });
    expect(res.status).toBe(400);
    expect(await sessionsOf(m.mac)).toHaveLength(4);
  });

  it('answers 401 when signed out, whatever the id', async () => {
    const m = await memberOnThreeBrowsers();
    const target = (await sessionsOf(m.mac)).find((s) => s.current);
    const res = await t.client().post('/api/sessions/end', { id: target?.id });
    expect(res.status).toBe(401);
    expect(await isSignedIn(m.mac)).toBe(true);
  });

  it('100 parallel requests to end one session: one ends it, the rest find it gone, none fails', async () => {
    const m = await memberOnThreeBrowsers();
    const target = (await sessionsOf(m.iphone)).find((s) => s.browser === 'Firefox');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => m.iphone.post('/api/sessions/end', { id: target?.id })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(99);
    expect(await isSignedIn(m.windows)).toBe(false);
    expect(await isSignedIn(m.iphone)).toBe(true);
  });
});

describe('POST /api/sessions/end-others', () => {
  it("signs out every other session of the member, and no one else's", async () => {
    const m = await memberOnThreeBrowsers();
    const other = await memberOnThreeBrowsers();
    const res = await m.mac.post('/api/sessions/end-others', {});
    expect(res.status).toBe(200);
    expect(endOtherSessionsEndpoint.response.parse(res.body)).toMatchObject({ success: true, ended: 3 });
    expect(await isSignedIn(m.mac)).toBe(true);
    expect(await isSignedIn(m.iphone)).toBe(false);
    expect(await isSignedIn(m.windows)).toBe(false);
    expect(await isSignedIn(m.client)).toBe(false);
    expect(await sessionsOf(m.mac)).toHaveLength(1);
    expect(await sessionsOf(other.mac)).toHaveLength(4);
    const again = await m.mac.post('/api/sessions/end-others', {});
    expect(again.body).toMatchObject({ success: true, ended: 0 });
  });

  it('needs no recent authentication: ending sessions only takes access away', async () => {
    const m = await memberOnThreeBrowsers();
    await t.ctx.db.query(
      "UPDATE sessions SET authenticated_at = now() - interval '1 day' WHERE token_hash = $1",
      [hashToken(m.mac.sessionCookie() ?? '')],
    );
    const target = (await sessionsOf(m.mac)).find((s) => s.browser === 'Safari');
    expect((await m.mac.post('/api/sessions/end', { id: target?.id })).status).toBe(200);
    expect((await m.mac.post('/api/sessions/end-others', {})).status).toBe(200);
    expect(await isSignedIn(m.windows)).toBe(false);
  });

  it('answers 401 when signed out, and ends nothing', async () => {
    const m = await memberOnThreeBrowsers();
    const res = await t.client().post('/api/sessions/end-others', {});
    expect(res.status).toBe(401);
    expect(await sessionsOf(m.mac)).toHaveLength(4);
  });
});

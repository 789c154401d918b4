import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOutCookieName } from '#shared/domain/sign-out.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

/**
 * The privacy policy's cookie section names every cookie a member's browser is given: each one the
 * server sets on a member's way through the site (signing in, asking for an emailed link, starting a
 * passkey sign-in, signing out), and the one the page sets itself on signing out, is in the table of both
 * locales' policies. A cookie added without a line in the policy fails here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const policies = ['../../../content/privacy-policy.md', '../../../content/da-DK/privacy-policy.md'].map(
  (path) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8'),
);

/** The names an answer sets, without the secure site's prefixes (the policy says they are added). */
const namesSet = (headers: Record<string, unknown>) =>
  [headers['set-cookie'] ?? []].flat().map(
    (line) =>
      String(line)
        .split('=')[0]
        ?.replace(/^__(Host|Secure)-/, '') ?? '',
  );

describe("the privacy policy's cookies", () => {
  it("list every cookie a member's browser is given", async () => {
    const member = await t.signedInMember();
    const client = t.client();
    const seen = new Set<string>([signOutCookieName(false)]);
    const login = await client.post('/api/login', { username: member.email, password: member.password });
    expect(login.status).toBe(200);
    for (const name of namesSet(login.headers)) seen.add(name);
    const passkey = await t.client().post('/api/passkeys/login-options', {});
    expect(passkey.status).toBe(200);
    for (const name of namesSet(passkey.headers)) seen.add(name);
    const link = await t.client().post('/api/request-magic-link', { email: member.email });
    expect(link.status).toBeLessThan(300);
    for (const name of namesSet(link.headers)) seen.add(name);
    const logout = await client.post('/api/logout', {});
    for (const name of namesSet(logout.headers)) seen.add(name);

    expect([...seen].sort()).toEqual(
      ['browser', 'link-browser', 'passkey-flow', 'session', 'sign-in-method', 'signed-out'].sort(),
    );
    for (const policy of policies) for (const name of seen) expect(policy).toContain(`| \`${name}\` |`);
  });
});

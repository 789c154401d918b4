import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

/**
 * The email after a password is chosen on the security page is worded for what happened: "changed"
 * for a member who had one, "set" for a member who joined by link or passkey and chose their first.
 */

let addressCounter = 0;
const address = () => ({ 'x-forwarded-for': `203.0.113.${++addressCounter}` });

/** A member created without a password, signed in by an emailed link as they would be. */
async function passwordlessMember(t: TestApp): Promise<{ client: TestClient; email: string }> {
  const email = `nopass-${Math.random().toString(36).slice(2)}@example.com`;
  const created = await t.partner('POST', '/members', { email, name: 'Noor Haddad' });
  expect(created.status).toBe(201);
  const client = t.client();
  await client.post('/api/request-magic-link', { email }, address());
  const link = t.mails.find((mail) => mail.to === email)?.links?.[0];
  const token = new URL(String(link)).searchParams.get('token');
  expect((await client.post('/api/magic-link', { token })).status).toBe(200);
  return { client, email };
}

const wording = {
  'en-GB': {
    set: {
      subject: 'A password has been set for your Members Club account',
      title: 'Your password has been set',
      body: 'A password was just set for your Members Club account, so it can now be signed in to with it too, and your other devices were signed out.',
      reason: 'a password was set for your Members Club account',
    },
    changed: {
      subject: 'Your Members Club password has been changed',
      title: 'Your password has been changed',
      body: 'The password of your Members Club account was just changed, and your other devices were signed out.',
    },
    changedWord: /changed/i,
  },
  'da-DK': {
    set: {
      subject: 'Der er valgt en adgangskode til din Members Club-konto',
      title: 'Din adgangskode er valgt',
      body: 'Der er lige blevet valgt en adgangskode til din Members Club-konto, så du nu også kan logge ind med den, og dine andre enheder er blevet logget ud.',
      reason: 'der er valgt en adgangskode til din Members Club-konto',
    },
    changed: {
      subject: 'Din adgangskode til Members Club er blevet ændret',
      title: 'Din adgangskode er blevet ændret',
      body: 'Adgangskoden til din Members Club-konto er lige blevet ændret, og dine andre enheder er blevet logget ud.',
    },
    changedWord: /ændret/i,
  },
} as const;

for (const locale of ['en-GB', 'da-DK'] as const) {
  describe(`the email after choosing a password, ${locale}`, () => {
    const w = wording[locale];
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { locale } });
    });
    afterAll(() => t.close());

    it('a member without a password who sets their first is told it was set, not changed', async () => {
      const { client, email } = await passwordlessMember(t);
      const res = await client.post('/api/change-password', { password: 'a-first-password-2026' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Your password has been set. You can now sign in with it too.',
      });
      const mail = t.mails.find((m) => m.to === email);
      expect(mail?.subject).toBe(w.set.subject);
      expect(mail?.text).toContain(w.set.title);
      expect(mail?.text).toContain(w.set.body);
      expect(mail?.text).toContain(w.set.reason);
      expect(mail?.html).toContain(w.set.title);
      expect(mail?.subject).not.toMatch(w.changedWord);
      expect(mail?.text).not.toMatch(w.changedWord);

      // The next choice replaces a password: now it is a change.
      const again = await client.post('/api/change-password', { password: 'a-second-password-2026' });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ message: 'Your password has been changed.' });
      const second = t.mails.find((m) => m.to === email);
      expect(second?.subject).toBe(w.changed.subject);
      expect(second?.text).toContain(w.changed.body);
    });

    it('a member with a password is told it was changed', async () => {
      const { client, email } = await t.signedInMember();
      const res = await client.post('/api/change-password', { password: 'my-new-password-9' });
      expect(res.status).toBe(200);
      const mail = t.mails.find((m) => m.to === email);
      expect(mail?.subject).toBe(w.changed.subject);
      expect(mail?.text).toContain(w.changed.title);
      expect(mail?.text).toContain(w.changed.body);
    });
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { enqueueMail } from './outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { locale: 'da-DK' } });
});
afterAll(() => t.close());

describe('mail headers and language through the outbox', () => {
  it('headers written with a mail reach the transport with it (List-Unsubscribe per RFC 8058)', async () => {
    const headers = {
      'List-Unsubscribe': '<https://members.example.com/unsubscribe?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    await t.ctx.db.transaction((tx) =>
      enqueueMail(tx, {
        to: 'list@example.com',
        subject: 'Style guide',
        html: '<p>x</p>',
        text: 'x',
        headers,
      }),
    );
    await t.ctx.outbox.drain();
    expect(t.mails.find((mail) => mail.to === 'list@example.com')?.headers).toEqual(headers);
  });

  it('a da-DK scheme sends a member their sign-in link in Danish, with no List-Unsubscribe', async () => {
    const { email } = await t.signedInMember();
    expect((await t.client().post('/api/request-magic-link', { email })).status).toBe(200);
    const mail = t.mails.find((sent) => sent.to === email);
    expect(mail?.subject).toBe('Log ind på Members Club');
    expect(mail?.html).toMatch(/<html[^>]* lang="da"/);
    expect(mail?.text).toContain('Linket virker én gang og udløber om 10 minutter.');
    expect(mail?.headers).toEqual({});
  });
});

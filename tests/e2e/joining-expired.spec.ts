import type { TestServer } from './fixtures.ts';
import { expect, test } from './fixtures.ts';

// Its own file: a worker option (the short invite expiry, 8.6 s) needs its own server; the link expires
// by moving the server's test clock past it (src/server/test-clock.ts), not by waiting.
test.use({ loyaltyConfig: { inviteExpiryDays: 0.0001 } });

const newEmail = () => `expiring-${Date.now()}@example.com`;

async function inviteByStaff(server: TestServer, body: Record<string, unknown>) {
  const res = await server.partner<{ invite: { acceptUrl: string } }>('POST', '/invites', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invite.acceptUrl;
}

test.describe('an expired invitation (SPEC §4: a fresh link is sent automatically; the form stays locked)', () => {
  test('opening an expired link emails a fresh one and keeps the form locked; the fresh link works', async ({
    page,
    server,
  }) => {
    const email = newEmail();
    const expired = await inviteByStaff(server, { email, name: 'Eve Later', from: 'Sophie' });
    await server.advanceClock(9_500);
    await page.goto(expired);
    await expect(page.getByRole('alert')).toHaveText(
      'For security, this invitation link has expired, so we have emailed you a fresh one. Please open the newest email from us.',
    );
    await expect(page.getByLabel('Full name')).toHaveValue('Eve Later');
    await expect(page.getByLabel('Full name')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    const fresh = await server.mail.waitFor(email, /Your new invitation to Members Club/);
    const link = fresh.links.find((l) => l.includes('/start-signup?token='));
    expect(link).toBeTruthy();
    expect(link).not.toBe(expired);
    await page.goto(link ?? '');
    await expect(page.getByText('Your invitation is from Sophie')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});

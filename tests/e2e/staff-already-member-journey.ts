import { request as apiRequest } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addAuthenticator, axeClean, createStaff, shot } from './staff-helpers.ts';
import type { staffLocales } from './staff-locale-journey.ts';

/**
 * Staff ask to invite someone who has joined since they were first invited: the console says, in
 * its own words and the scheme's locale, that no invitation was sent and that a sign-in link is the
 * way to help; nothing reaches the member's inbox until staff send that link.
 */
export function alreadyMemberJourneys({ locale, w }: (typeof staffLocales)[keyof typeof staffLocales]) {
  test.describe(`inviting an existing member, staff console in ${locale}`, () => {
    for (const width of [375, 1280]) {
      test(`at ${width} px: the clear words, and no invitation sent`, async ({
        page,
        server,
        createMember,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        const email = `joined-${locale}-${width}-${Date.now()}@example.com`.toLowerCase();
        // Invited once; then they joined and signed in with their password.
        const invited = await server.partner('POST', '/invites', { email, name: 'Jo Joined' });
        expect(invited.status).toBe(201);
        await server.mail.waitFor(email);
        const member = await createMember({ email, name: 'Jo Joined' });
        const memberApi = await apiRequest.newContext({
          baseURL: server.url,
          extraHTTPHeaders: { origin: server.url },
        });
        const login = await memberApi.post('/api/login', {
          data: { username: member.email, password: member.password },
        });
        expect(login.status()).toBe(200);
        await memberApi.dispose();

        const { path } = await createStaff(server, 'support');
        await addAuthenticator(page);
        await page.goto(path);
        await page.getByRole('button', { name: w.enrol.button }).click();
        await expect(page.getByRole('heading', { name: w.search.title })).toBeVisible();
        await page.getByLabel(w.search.label).fill(email);
        await page.getByRole('button', { name: w.search.button, exact: true }).click();
        await page.getByRole('link', { name: 'Jo Joined' }).click();
        await expect(page.getByRole('heading', { name: 'Jo Joined', level: 1 })).toBeVisible();

        await page.getByRole('button', { name: w.member.resendInvitation }).click();
        const words = w.failures.codes.AlreadyMember ?? '';
        expect(words).not.toBe('');
        await expect(page.getByRole('alert')).toHaveText(words);
        // The console's words, never the server's English sentence.
        await expect(page.getByText(/is already a member \(card/)).toHaveCount(0);
        // Still the one invitation, waiting: no new one was made.
        await expect(page.getByText(w.member.invitationStates.valid, { exact: false })).toHaveCount(1);
        await expect(page.getByText(w.member.invitationStates.stale, { exact: false })).toHaveCount(0);
        await axeClean(page);
        await shot(page, `already-member-${locale}-${width}`);

        // As the words say: a sign-in link helps. Once it has arrived, nothing else has.
        await page.getByRole('button', { name: w.member.sendSignInLink }).click();
        await expect(page.getByRole('status')).toContainText(
          w.notices['sign-in-link-sent']({ email, points: '' }),
        );
        await server.mail.waitFor(email, /sign in|log ind/i);
        const invitations = server.mail.mails.filter(
          (mail) =>
            mail.to.toLowerCase() === email && mail.links.some((link) => link.includes('/start-signup')),
        );
        expect(invitations).toHaveLength(1);
      });
    }
  });
}

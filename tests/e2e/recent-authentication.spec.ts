import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// Its own file: the shortest allowed recent-authentication window needs its own server. The session is
// made old by moving the server's test clock just past that minute (src/server/test-clock.ts).
test.use({ loyaltyConfig: { recentAuthenticationMinutes: 1 } });

test.describe('recent authentication (ASVS 6.2.3)', () => {
  test('an old session changing its password is asked to confirm it is the member, confirms with the password, and the change completes', async ({
    page,
    server,
    createMember,
    signIn,
  }, testInfo) => {
    /** Screenshots kept in the test's output folder (and attached to the report) to look at. */
    const shoot = async (name: string, fullPage = false) => {
      const path = testInfo.outputPath(`${name}.png`);
      await page.screenshot({ path, fullPage });
      await testInfo.attach(name, { path, contentType: 'image/png' });
    };
    const member = await createMember({ name: 'Ola Berg' });
    await signIn(page, member);
    await server.advanceClock(62_000);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/help/security');
    await page.getByLabel('New password').fill('a-much-longer-password');
    await page.getByRole('button', { name: 'Change password' }).click();

    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText("For your security, please confirm it's you before making this change."),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Email me a link instead' })).toBeVisible();
    await expect(dialog.getByLabel('Password')).toBeFocused();
    await shoot('confirm-375', true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot('confirm-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // A wrong password is refused in the member's language, and the step stays open.
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText("That isn't the password of your account.")).toBeVisible();

    await dialog.getByLabel('Password').fill(member.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    // The change went ahead with what the member had typed, without their typing it again.
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await shoot('changed-1280');

    const old = await page.request.post(`${server.url}/api/login`, {
      data: { username: member.email, password: member.password },
      headers: { origin: server.url },
    });
    expect(old.status()).toBe(401);
    const fresh = await page.request.post(`${server.url}/api/login`, {
      data: { username: member.email, password: 'a-much-longer-password' },
      headers: { origin: server.url },
    });
    expect(fresh.status()).toBe(200);
  });

  test('an old session deleting its account confirms with a link emailed to it, opened in another tab; the deletion then goes ahead by itself', async ({
    page,
    server,
    createMember,
    signIn,
  }, testInfo) => {
    const member = await createMember({ name: 'Liv Dahl' });
    await signIn(page, member);
    await server.advanceClock(62_000);

    await page.goto('/help/privacy');
    await page.getByLabel('Enter your email address to confirm').fill(member.email);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await dialog.getByRole('button', { name: 'Email me a link instead' }).click();
    await expect(
      dialog.getByText(`We've emailed a link to ${member.email}.`, { exact: false }),
    ).toBeVisible();

    const mail = await server.mail.waitFor(member.email, /Confirm it is you/);
    const link = mail.links.find((l) => l.includes('/confirm-it-is-you?token='));
    expect(link).toBeTruthy();
    const other = await page.context().newPage();
    await other.goto(link ?? '');
    await expect(other.getByText("Thank you, that's confirmed.", { exact: false })).toBeVisible();
    await other.screenshot({ path: testInfo.outputPath('link-confirmed.png') });

    // The first tab notices and carries on: the account is deleted and the member signed out.
    await expect(page.getByText('Your account has been deleted.')).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/$/);
  });
});

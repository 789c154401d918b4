import { expect, test } from './fixtures.ts';

// Its own file: the shortest allowed recent-authentication window needs its own server. A real server
// keeps its own clock, so the session is made old by waiting just past that minute.
test.use({ loyaltyConfig: { recentAuthenticationMinutes: 1 } });

test.describe('recent authentication (issue 10 item 6, ASVS 6.2.3)', () => {
  test('an old session changing its password is asked to confirm it is the member, confirms with the password, and the change completes', async ({
    page,
    server,
    createMember,
    signIn,
  }, testInfo) => {
    test.setTimeout(150_000);
    const member = await createMember({ name: 'Ola Berg' });
    await signIn(page, member);
    await page.waitForTimeout(62_000);

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
    await testInfo.attach('confirm-375', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await testInfo.attach('confirm-1280', { body: await page.screenshot(), contentType: 'image/png' });

    // A wrong password is refused in the member's language, and the step stays open.
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText("That isn't the password of your account.")).toBeVisible();

    await dialog.getByLabel('Password').fill(member.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    // The change went ahead with what the member had typed, without their typing it again.
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await testInfo.attach('changed-1280', { body: await page.screenshot(), contentType: 'image/png' });

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
});

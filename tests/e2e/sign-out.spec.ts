import type { Page } from '@playwright/test';
import { seriousViolations, settle } from './axe.ts';
import { expect, type TestServer, test } from './fixtures.ts';

// SPEC §4: "Logout clears the account locally, then calls the server". The account leaves the screen
// at once, whatever the server's answer does; neither a reload in that moment nor a logout call that
// never arrives leaves the session alive on the server.

/** Presses Sign Out: in the header at desktop widths, in the drawer on a phone. */
async function pressSignOut(page: Page, width: number) {
  if (width < 576) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog', { name: 'Main navigation' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
  }
}

/** The browser's session cookie, to try it on the server afterwards. */
async function sessionCookie(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'session');
  if (!cookie) throw new Error('no session cookie');
  return cookie.value;
}

/** Whether the server still answers `token`'s session as a signed-in member. */
async function sessionAlive(server: TestServer, token: string): Promise<boolean> {
  const response = await fetch(`${server.url}/api-w/viewer`, { headers: { cookie: `session=${token}` } });
  const body = (await response.json()) as { isAnonymous: boolean };
  return !body.isAnonymous;
}

test.describe('signing out (SPEC §4)', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px: the account leaves the screen at once while the answer is held; a reload then stays signed out`, async ({
      page,
      server,
      createMember,
      signIn,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const member = await createMember();
      await signIn(page, member);
      await page.goto('/');
      const greeting = page.getByRole('heading', { name: `Hello, ${member.name.split(' ')[0]}` });
      await expect(greeting).toBeVisible();
      const token = await sessionCookie(page);
      expect(await sessionAlive(server, token)).toBe(true);

      // The logout call reaches the server only 3 s later.
      let logouts = 0;
      await page.route('**/api/logout', async (route) => {
        logouts += 1;
        await new Promise((resolve) => setTimeout(resolve, 3000));
        await route.continue().catch(() => undefined);
      });
      const pressed = Date.now();
      await pressSignOut(page, width);
      await expect(greeting).toHaveCount(0, { timeout: 1000 });
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
      expect(Date.now() - pressed).toBeLessThan(2000);
      await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
      expect(logouts).toBe(1);
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`signed-out-${width}.png`) });

      // A reload while the call is still held: the page comes back signed out, and the session is over.
      await page.reload();
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(greeting).toHaveCount(0);
      expect(await sessionAlive(server, token)).toBe(false);
    });

    test(`at ${width} px: a logout call that fails still ends the session at the browser's next request`, async ({
      page,
      server,
      createMember,
      signIn,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const member = await createMember();
      await signIn(page, member);
      await page.goto('/');
      const greeting = page.getByRole('heading', { name: `Hello, ${member.name.split(' ')[0]}` });
      await expect(greeting).toBeVisible();
      const token = await sessionCookie(page);
      await page.route('**/api/logout', (route) => route.abort('internetdisconnected'));

      await pressSignOut(page, width);
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(greeting).toHaveCount(0);
      // The call never arrived: the session lives until this browser next asks for anything.
      expect(await sessionAlive(server, token)).toBe(true);
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(greeting).toHaveCount(0);
      expect(await sessionAlive(server, token)).toBe(false);
      // The browser's note is spent: signing in again works and stays signed in.
      await page.unroute('**/api/logout');
      await signIn(page, member);
      await page.goto('/');
      await expect(greeting).toBeVisible();
      await page.reload();
      await expect(greeting).toBeVisible();
    });
  }
});

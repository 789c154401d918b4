import type { Browser, BrowserContext, Page } from '@playwright/test';
import { seriousViolations, settle } from './axe.ts';
import { expect, type Member, type TestServer, test } from './fixtures.ts';

/**
 * Where the member is signed in, at /help/security, and the sign-in page that
 * offers first the way this browser last signed in. Phone and desktop, axe clean, screenshots kept.
 */
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

/** Another browser, with its own cookies and User-Agent, signed in as `member`. */
async function otherBrowser(
  browser: Browser,
  server: TestServer,
  member: Member,
  userAgent: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent, baseURL: server.url });
  const res = await context.request.post('/api/login', {
    data: { username: member.email, password: member.password },
    headers: { origin: server.url },
  });
  expect(res.status()).toBe(200);
  return context;
}

async function isSignedIn(context: BrowserContext, server: TestServer): Promise<boolean> {
  const res = await context.request.get('/api-w/viewer', { headers: { origin: server.url } });
  return !(await res.json()).isAnonymous;
}

/** Signs in through the form with the password, as a member would. */
async function signInWithPassword(page: Page, member: Member) {
  // After "Sign in with your password instead" the password form replaces the link form (both have an
  // email field): typing before it has would go into the form on its way out.
  await expect(page.getByLabel('Password')).toBeVisible();
  await page.getByLabel('Email address').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

for (const [label, viewport] of [
  ['phone', { width: 375, height: 800 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`${label}: the member sees every browser signed in, ends one and then every other`, async ({
    page,
    browser,
    server,
    createMember,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const member = await createMember({ name: 'Noor Haddad' });
    await page.goto('/signin?method=password');
    await signInWithPassword(page, member);
    const phone = await otherBrowser(browser, server, member, iphone);
    const laptop = await otherBrowser(browser, server, member, windows);

    await page.goto('/help/security');
    const section = page.getByRole('region', { name: "Where you're signed in" });
    await expect(section.getByRole('listitem')).toHaveCount(3);
    const mine = section.getByRole('listitem').first();
    await expect(mine.getByText('This device')).toBeVisible();
    await expect(mine.getByText('Active now')).toBeVisible();
    await expect(section.getByRole('listitem', { name: 'Safari on iPhone' })).toBeVisible();
    await expect(section.getByRole('listitem', { name: 'Firefox on Windows' })).toBeVisible();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`sessions-${label}.png`), fullPage: true });

    await section.getByRole('button', { name: 'Sign out Safari on iPhone' }).click();
    await expect(page.getByText('Safari on iPhone has been signed out.')).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(2);
    expect(await isSignedIn(phone, server)).toBe(false);
    expect(await isSignedIn(laptop, server)).toBe(true);

    await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByText('One other browser has been signed out.')).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(1);
    await expect(section.getByText("You're not signed in anywhere else.")).toBeVisible();
    expect(await isSignedIn(laptop, server)).toBe(false);
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`sessions-after-${label}.png`), fullPage: true });

    // Signing this browser out from the list leaves for the sign-in page.
    await section.getByRole('button', { name: /^Sign out / }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await phone.close();
    await laptop.close();
  });
}

test('a new browser gets the new-sign-in email; the passkeys page and the sessions link both ways', async ({
  page,
  browser,
  server,
  createMember,
  signIn,
}) => {
  const member = await createMember();
  await signIn(page, member);
  const phone = await otherBrowser(browser, server, member, iphone);
  const mail = await server.mail.waitFor(member.email, /New sign-in to your Members Club account/);
  expect(mail.text).toContain('Safari on iPhone');
  expect(mail.links).toContain(`${server.url}/help/security`);

  await page.goto('/help/passkeys');
  await page.getByRole('link', { name: "See where you're signed in" }).click();
  await expect(page).toHaveURL(/\/help\/security#sessions$/);
  await expect(page.getByRole('heading', { name: "Where you're signed in" })).toBeInViewport();
  await page.getByRole('link', { name: 'Manage the passkeys you sign in with' }).click();
  await expect(page).toHaveURL(/\/help\/passkeys$/);
  await phone.close();
});

for (const [label, viewport] of [
  ['phone', { width: 375, height: 800 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`${label}: sign in offers first the way this browser last signed in`, async ({
    page,
    server,
    createMember,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const member = await createMember();
    // A first visit: the emailed link, as configured.
    await page.goto('/signin');
    await expect(page.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in with your password instead' }).click();
    await signInWithPassword(page, member);
    const out = await page.request.post('/api/logout', { data: {}, headers: { origin: server.url } });
    expect(out.status()).toBe(200);

    // Back on this browser, the password form comes first, straight from the server.
    await page.goto('/signin');
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Email me a sign-in link instead' })).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'sign-in-method');
    expect(cookie?.value).toBe('password');
    expect(cookie?.value).not.toContain(member.email);
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`signin-password-first-${label}.png`) });
    await page.getByRole('link', { name: 'Email me a sign-in link instead' }).click();
    await expect(page.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible();

    // A browser that last used a passkey gets the passkey button first, above the email form.
    await page.context().addCookies([{ name: 'sign-in-method', value: 'passkey', url: server.url }]);
    await page.goto('/signin');
    const passkey = page.getByRole('button', { name: 'Use a passkey' });
    const email = page.getByLabel('Email address');
    await expect(passkey).toBeVisible();
    const [passkeyBox, emailBox] = [await passkey.boundingBox(), await email.boundingBox()];
    expect(passkeyBox?.y ?? 0).toBeLessThan(emailBox?.y ?? 0);
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`signin-passkey-first-${label}.png`) });
  });
}

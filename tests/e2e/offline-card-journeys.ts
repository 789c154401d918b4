import type { Page } from '@playwright/test';
import { seriousViolations, settle } from './axe.ts';
import { expect, type Member, test } from './fixtures.ts';
import { orderId } from './points-helpers.ts';

// The card in a basement with no signal (docs/decisions/0085-the-card-offline.md): the members' app
// opened with the network cut shows the card kept by the service worker, marked with when it was last
// updated; nothing personal is kept for a signed-out browser, and one member's card is never shown
// after another signs in on the same browser.

const words = {
  'en-GB': {
    currency: 'GBP',
    balance: '1,730 Points',
    title: 'Your card, offline',
    lastUpdated: /^Last updated \d+(st|nd|rd|th) \w+ \d{4} at \d\d:\d\d /,
    cardNumber: (n: string) => `Card number ${n}`,
    visitorHeading: "You're offline",
    cardOnDevice: 'Your card on this device',
    signOut: 'Sign Out',
    openMenu: 'Open menu',
    navigation: 'Main navigation',
  },
  'da-DK': {
    currency: 'DKK',
    balance: '1.730 Point',
    title: 'Dit kort, offline',
    lastUpdated: /^Sidst opdateret \d+\. [a-zæøå]+ \d{4} kl\. \d\d[.:]\d\d /,
    cardNumber: (n: string) => `Kortnummer ${n}`,
    visitorHeading: 'Du er offline',
    cardOnDevice: 'Dit kort på denne enhed',
    signOut: 'Log ud',
    openMenu: 'Åbn menu',
    navigation: 'Hovednavigation',
  },
} as const;

type Locale = keyof typeof words;

/** Every entry of the browser's Cache Storage, with its cache's name, address and text. */
function cachedEntries(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const entries: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push(`${name} ${request.url}\n${(await response?.text()) ?? ''}`);
      }
    }
    return entries;
  });
}

/** Whether the service worker keeps a member's card now. */
function cardKept(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    for (const name of await caches.keys())
      if (name.startsWith('card-') && (await (await caches.open(name)).match('/offline'))) return true;
    return false;
  });
}

/** The member's card number, as the viewer answers it. */
async function cardNumberOf(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const viewer = (await (await fetch('/api-w/viewer')).json()) as { account: { cardNumber: string } };
    return viewer.account.cardNumber;
  });
}

/** Signs in from the page, as the sign-in form does (through the service worker, like the app's calls). */
async function signInFromPage(page: Page, member: Member): Promise<void> {
  const status = await page.evaluate(
    async ({ username, password }) =>
      (
        await fetch('/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password }),
        })
      ).status,
    { username: member.email, password: member.password },
  );
  expect(status).toBe(200);
}

async function pressSignOut(page: Page, width: number, locale: Locale) {
  const w = words[locale];
  if (width < 576) {
    await page.getByRole('button', { name: w.openMenu }).click();
    await page.getByRole('dialog', { name: w.navigation }).getByRole('button', { name: w.signOut }).click();
  } else {
    await page
      .getByRole('navigation', { name: w.navigation })
      .getByRole('button', { name: w.signOut })
      .click();
  }
}

/** Home, online, until the service worker controls the page and keeps the card. */
async function homeWithCardKept(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => cardKept(page)).toBe(true);
}

export function offlineCardJourneys(locale: Locale): void {
  const w = words[locale];
  // The journeys need the service worker that the other journeys block (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test.describe(`the card offline (${locale})`, () => {
    for (const width of [375, 1280]) {
      test(`at ${width} px: with the network cut, the app shows the card and the last known points, marked as such`, async ({
        page,
        context,
        server,
        createMember,
        signIn,
      }) => {
        await page.setViewportSize({ width, height: 860 });
        const member = await createMember({ name: 'Maya Lindholm' });
        const purchase = await server.partner('POST', '/purchases', {
          orderId: orderId(),
          loyaltyId: member.loyaltyId,
          channel: 'in-store',
          storeDisplayName: 'Oxford Street',
          fasciaDisplayName: 'Flagship',
          value: 17_300,
          currency: w.currency,
          points: 1_730,
          purchasedAt: new Date(Date.now() - 45 * 86_400_000).toISOString(),
        });
        expect(purchase.status).toBe(201);
        await signIn(page, member);
        await homeWithCardKept(page);
        const cardNumber = await cardNumberOf(page);
        await expect(page.getByTestId('points-balance')).toHaveText(w.balance);

        await context.setOffline(true);
        await page.reload();
        await expect(page.getByRole('heading', { name: w.title })).toBeVisible();
        await expect(page.getByText(member.name)).toBeVisible();
        await expect(page.getByRole('img', { name: w.cardNumber(cardNumber) })).toBeVisible();
        await expect(page.getByTestId('offline-points')).toHaveText(w.balance);
        await expect(page.getByTestId('offline-updated')).toHaveText(w.lastUpdated);
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({
          path: test.info().outputPath(`offline-card-${locale}-${width}.png`),
          fullPage: true,
        });

        // Opened afresh (a new tab, as from the home screen): the same card.
        const opened = await context.newPage();
        await opened.setViewportSize({ width, height: 860 });
        await opened.goto('/help/history');
        await expect(opened.getByText(member.name)).toBeVisible();
        await expect(opened.getByTestId('offline-updated')).toHaveText(w.lastUpdated);
        await context.setOffline(false);
      });
    }

    test('signing out drops the card: offline, no card, and nothing personal in Cache Storage', async ({
      page,
      context,
      createMember,
      signIn,
    }) => {
      await page.setViewportSize({ width: 375, height: 860 });
      const member = await createMember({ name: 'Oskar Brandt' });
      await signIn(page, member);
      await homeWithCardKept(page);
      const cardNumber = await cardNumberOf(page);

      await pressSignOut(page, 375, locale);
      await expect.poll(() => cardKept(page)).toBe(false);
      const kept = await cachedEntries(page);
      expect(kept.join('\n')).not.toContain(member.name);
      expect(kept.join('\n')).not.toContain(cardNumber);

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { name: w.visitorHeading })).toBeVisible();
      await expect(page.getByText(member.name)).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({
        path: test.info().outputPath(`offline-visitor-${locale}.png`),
        fullPage: true,
      });
    });

    test("member A then member B on one browser: B never sees A's card, online or off", async ({
      page,
      context,
      createMember,
      signIn,
    }) => {
      await page.setViewportSize({ width: 1280, height: 860 });
      const a = await createMember({ name: 'Anna Andersen' });
      const b = await createMember({ name: 'Bertil Berg' });
      await signIn(page, a);
      await homeWithCardKept(page);

      // A leaves without signing out; B signs in on the same browser, as the sign-in form does.
      await signInFromPage(page, b);
      // The answer that started B's session dropped A's card at once.
      expect((await cachedEntries(page)).join('\n')).not.toContain(a.name);
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByText(a.name)).toHaveCount(0);
      await context.setOffline(false);

      await homeWithCardKept(page);
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByText(b.name)).toBeVisible();
      await expect(page.getByText(a.name)).toHaveCount(0);
      await context.setOffline(false);
    });

    test("A's session ends while the card is kept: the next visit drops it", async ({
      page,
      server,
      createMember,
      signIn,
    }) => {
      const member = await createMember({ name: 'Clara Dahl' });
      await signIn(page, member);
      await homeWithCardKept(page);
      // Fifteen days without a visit: past the 14-day idle time-out, the session is over.
      await server.advanceClock(15 * 24 * 60 * 60 * 1000);
      await page.goto('/');
      await expect.poll(() => cardKept(page)).toBe(false);
      expect((await cachedEntries(page)).join('\n')).not.toContain(member.name);
    });

    test('the privacy policy lists the cookies and says what the card kept on the device holds, at 375 px', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 860 });
      await page.goto('/help/privacy-policy');
      const table = page.getByRole('table');
      await expect(table).toBeVisible();
      for (const name of [
        'session',
        'signed-out',
        'browser',
        'sign-in-method',
        'link-browser',
        'passkey-flow',
      ])
        await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: w.cardOnDevice })).toBeVisible();
      // The table fits the phone's width: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({
        path: test.info().outputPath(`privacy-policy-${locale}-375.png`),
        fullPage: true,
      });
    });

    test("a signed-out browser's caches hold nothing personal, and offline it says the site needs the network", async ({
      page,
      context,
      createMember,
    }) => {
      const member = await createMember({ name: 'Dorte Eriksen' });
      await page.goto('/');
      await page.evaluate(() => navigator.serviceWorker.ready);
      await expect.poll(async () => (await cachedEntries(page)).length).toBeGreaterThan(0);
      const kept = await cachedEntries(page);
      expect(kept.every((entry) => !entry.startsWith('card-'))).toBe(true);
      expect(kept.join('\n')).not.toContain(member.name);
      expect(kept.join('\n')).not.toContain(member.email);
      await settle(page);
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { name: w.visitorHeading })).toBeVisible();
      await context.setOffline(false);
    });
  });
}

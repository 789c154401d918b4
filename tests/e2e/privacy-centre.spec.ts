import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { seriousViolations, settle } from './axe.ts';
import { expect, test } from './fixtures.ts';

// The contact block shows what the configuration names.
test.use({
  loyaltyConfig: {
    customerServicesEmail: 'care@example-retailer.co.uk',
    customerServicesPhone: '020 7946 0000',
    customerServicesHours: 'Monday to Saturday, 9am to 6pm',
  },
});

/** A screenshot kept with the test's results (and attached to the report) to look at. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const width of [375, 1280]) {
  test.describe(`privacy centre at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('consent history, one-tap withdrawal and Download my data', async ({
      page,
      server,
      createMember,
      signIn,
    }, testInfo) => {
      const member = await createMember({ name: 'Priya Shah' });
      await signIn(page, member);
      const consented = await page.request.post(`${server.url}/api/update-account`, {
        data: { marketingConsent: 'consent', marketingConsentWhatsApp: 'decline' },
        headers: { origin: server.url },
      });
      expect(consented.status()).toBe(200);

      await page.goto('/help/account');
      await page.getByRole('link', { name: /Privacy and your data/ }).click();
      await expect(page).toHaveURL(/\/help\/privacy$/);
      await expect(page).toHaveTitle('Privacy and your data - Members Club');
      const history = page.getByRole('region', { name: 'Your consent history' });
      await expect(history.getByRole('row')).toHaveCount(3);
      await expect(history).toContainText('My details');
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, testInfo, `privacy-${width}`);

      // One tap: email marketing stops, and the history says where.
      await page.getByRole('button', { name: 'Stop marketing emails' }).click();
      await expect(page.getByText('Done: you will no longer get these messages.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Stop marketing emails' })).toHaveCount(0);
      await expect(history.getByRole('row')).toHaveCount(4);
      await expect(history.getByRole('row').nth(1)).toContainText('Privacy centre');

      // Download my data: a file with the member's data, and no secret.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download my data' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const text = readFileSync(await download.path(), 'utf8');
      const data = JSON.parse(text) as {
        account: { memberNumber: string; email: string };
        consents: unknown;
      };
      expect(data.account).toMatchObject({ memberNumber: member.loyaltyId, email: member.email });
      expect(text).not.toMatch(/argon2|token_hash|password_hash/);
      await expect(page.getByText('Your file has been downloaded.')).toBeVisible();

      await page.goto('/help/account');
      const marketing = page.getByRole('region', { name: 'Marketing' });
      await expect(marketing.locator('dd').first()).toHaveText('No, thanks');
    });

    test('My details reads as a profile, with the contact block (tel: and mailto:)', async ({
      page,
      createMember,
      signIn,
    }, testInfo) => {
      const member = await createMember({ name: 'Robin Hale' });
      await signIn(page, member);
      await page.goto('/help/account');
      await expect(page.getByRole('heading', { level: 1, name: 'My details' })).toBeVisible();
      await expect(page.getByText('Robin Hale').first()).toBeVisible();
      const contact = page.getByRole('region', { name: 'Contact us' });
      await expect(contact.getByRole('link', { name: '020 7946 0000' })).toHaveAttribute(
        'href',
        'tel:02079460000',
      );
      await expect(contact.getByRole('link', { name: 'care@example-retailer.co.uk' })).toHaveAttribute(
        'href',
        'mailto:care@example-retailer.co.uk',
      );
      await expect(contact).toContainText('Monday to Saturday, 9am to 6pm');
      // Edit details says "contact customer services" when the name is locked: it says how, too.
      await page.goto('/help/account-details');
      await expect(page.getByRole('link', { name: '020 7946 0000' })).toBeVisible();
      await page.goto('/help/account');
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, testInfo, `my-details-${width}`);
    });

    test('FAQ and terms: the contact block, a footer and a way back, signed out', async ({
      page,
    }, testInfo) => {
      await page.goto('/help/faq');
      const contact = page.getByRole('region', { name: 'Contact us' });
      await expect(contact.getByRole('link', { name: '020 7946 0000' })).toBeVisible();
      // The page's own footer (inside main, so not a contentinfo landmark): its links to the other pages.
      const footer = page.getByRole('navigation', { name: 'More information' });
      await expect(footer.getByRole('link', { name: 'Terms and Conditions' })).toBeVisible();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, testInfo, `faq-${width}`);
      await footer.getByRole('link', { name: 'Terms and Conditions' }).click();
      await expect(page).toHaveURL(/\/help\/terms$/);
      await expect(page.getByText('Questions? Contact customer services.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'care@example-retailer.co.uk' })).toBeVisible();
      await page.getByRole('link', { name: 'Back to the home page' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
}

test.describe('layout polish', () => {
  test('desktop Home: the dark hero lines up with the header and the list', async ({
    page,
    createMember,
    signIn,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const member = await createMember({ name: 'Alex Morgan' });
    await signIn(page, member);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Hello, Alex' })).toBeVisible();
    const left = async (selector: string) => (await page.locator(selector).first().boundingBox())?.x;
    const brand = await left('header a');
    const greeting = await page.getByRole('heading', { name: 'Hello, Alex' }).boundingBox();
    const recent = await page.getByRole('heading', { name: 'Recent activity' }).boundingBox();
    expect(greeting?.x).toBe(brand);
    expect(recent?.x).toBe(brand);
    await shoot(page, testInfo, 'home-1280');
  });

  test('the display face is self-hosted, preloaded, and used by headings', async ({ page }) => {
    await page.goto('/');
    // The page's own faces name the two self-hosted files, one for both weights each: the basic cut is
    // preloaded with the HTML, so `font-display: optional` finds it for the first paint of a member's
    // first page (docs/decisions/0068-display-face-in-two-cuts.md); the extended cut is fetched by a
    // page that draws one of its characters.
    const faces = (await page.locator('#ssr-fonts').textContent()) ?? '';
    const files = faces.match(/\/assets\/playfair-display-[^)"]+\.woff2/g) ?? [];
    expect(files).toHaveLength(2);
    const basic = files.filter((file) => file.includes('-basic-'));
    expect(basic).toHaveLength(1);
    const preloads = page.locator('link[rel="preload"][as="font"]');
    const preloaded = await preloads.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(preloaded).toEqual(basic);
    await page.goto('/help/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Both weights of an English heading come from the preloaded file, already there.
    const english = await page.evaluate(() =>
      ['400', '600'].map((weight) =>
        document.fonts.check(`${weight} 32px "Playfair Display"`, 'Your points'),
      ),
    );
    expect(english).toEqual([true, true]);
    // A Danish name draws from the face in both weights: its letters from the extended file, once the
    // page asks for them.
    const danish = await page.evaluate(async () => {
      const weights = ['400', '600'];
      await Promise.all(
        weights.map((weight) => document.fonts.load(`${weight} 32px "Playfair Display"`, 'Søren Ærø')),
      );
      return weights.map((weight) => document.fonts.check(`${weight} 32px "Playfair Display"`, 'Søren Ærø'));
    });
    expect(danish).toEqual([true, true]);
    const family = await page
      .getByRole('heading', { level: 1 })
      .evaluate((h) => getComputedStyle(h).fontFamily);
    expect(family).toMatch(/^"Playfair Display"/);
  });
});

import { resolve } from 'node:path';
import { request as apiRequest } from '@playwright/test';
import { daDK } from '../../src/web/i18n/da-DK.ts';
import { enGB } from '../../src/web/i18n/en-GB.ts';
import { staffDaDK } from '../../src/web/i18n/staff-da-DK.ts';
import { staffEnGB } from '../../src/web/i18n/staff-en-GB.ts';
import { styleGuidesDaDK } from '../../src/web/i18n/style-guides-da-DK.ts';
import { styleGuidesEnGB } from '../../src/web/i18n/style-guides-en-GB.ts';
import { expect, test } from './fixtures.ts';
import { addAuthenticator, axeClean, createStaff } from './staff-helpers.ts';

export const guideLocales = {
  'en-GB': { locale: 'en-GB', w: staffEnGB, g: styleGuidesEnGB, m: enGB },
  'da-DK': { locale: 'da-DK', w: staffDaDK, g: styleGuidesDaDK, m: daDK },
} as const;

/** A photo shipped with the app (the demo stylist's), as staff would upload one. */
const coverPhoto = resolve('content/demo/sophie-turner.jpg');
const day = 86_400_000;

/** A moment as a datetime-local input holds it, in this machine's (and its browser's) time. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** How far this file's server clock has been moved (each width's journey moves it a day on). */
let clockOffset = 0;

/**
 * Style guides end to end, at a phone's and a desk's width, on a server of their own (the journey
 * moves its clock): a manager writes a guide with a cover image and a product link, previews it and
 * schedules it for tomorrow; the next day it is published; a member who said yes to email reads it
 * (its page holds the text without JavaScript too) and gets its email with one-click unsubscribe; a
 * signed-out visitor to the guide's address signs in and comes back to it.
 */
export function styleGuideJourneys({ locale, w, g, m }: (typeof guideLocales)[keyof typeof guideLocales]) {
  for (const width of [375, 1280]) {
    test(`${locale} at ${width} px: staff write, preview and schedule a guide; once published a member reads it and gets its mail`, async ({
      page,
      browser,
      server,
      createMember,
      signIn,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      const shot = (target: typeof page, name: string) =>
        target.screenshot({ path: `test-results/guides-${name}-${locale}-${width}.png`, fullPage: true });

      // A member who says yes to marketing email.
      const member = await createMember();
      const memberApi = await apiRequest.newContext({
        baseURL: server.url,
        extraHTTPHeaders: { origin: server.url },
      });
      expect(
        (
          await memberApi.post('/api/login', { data: { username: member.email, password: member.password } })
        ).status(),
      ).toBe(200);
      expect(
        (await memberApi.post('/api/update-account', { data: { marketingConsent: 'consent' } })).status(),
      ).toBe(200);
      await memberApi.dispose();

      // A manager writes a guide: cover, words in both languages, a product link; previews; schedules.
      const { path } = await createStaff(server, 'manager');
      await addAuthenticator(page);
      await page.goto(path);
      await page.getByRole('button', { name: w.enrol.button }).click();
      await expect(page.getByRole('heading', { name: w.search.title })).toBeVisible();
      await page.getByRole('link', { name: w.nav.styleGuides }).click();
      const s = g.staff;
      await expect(page.getByRole('heading', { name: s.title, level: 1 })).toBeVisible();
      await expect(page.getByText(/14/).first()).toBeVisible();
      const title = `Knitwear ${locale} ${width}`;
      await page.getByLabel(s.cover).setInputFiles(coverPhoto);
      await expect(page.getByRole('img', { name: s.uploaded })).toBeVisible();
      await page.getByLabel(`${s.guideTitle} (${s.english})`).fill(title);
      await page
        .getByLabel(`${s.body} (${s.english})`)
        .fill(
          `# Start with knitwear\n\nA fine merino under a [wool coat](https://shop.example.com/coat-${width}).`,
        );
      await page.getByLabel(`${s.guideTitle} (${s.danish})`).fill(title);
      await page
        .getByLabel(`${s.body} (${s.danish})`)
        .fill(
          `# Start med strik\n\nEn tynd merino under en [uldfrakke](https://shop.example.com/coat-${width}).`,
        );
      const publishAt = new Date(Date.now() + clockOffset + day);
      await page.getByLabel(s.publishAt).fill(localInput(publishAt));
      await page.getByRole('button', { name: s.preview }).click();
      const preview = page.getByRole('region', { name: s.preview });
      await expect(preview.getByRole('heading', { name: title, level: 1 })).toHaveCount(2);
      await expect(
        preview.getByRole('link', { name: locale === 'da-DK' ? 'uldfrakke' : 'wool coat' }),
      ).toBeVisible();
      await axeClean(page);
      await shot(page, 'console-preview');
      await page.getByRole('button', { name: s.schedule }).click();
      await expect(page.getByText(s.saved)).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: title });
      await expect(row).toContainText(s.scheduled);
      await axeClean(page);
      await shot(page, 'console-list');

      // Before publication the member does not see it; a day later it is published.
      await signIn(page, member);
      await page.goto('/style-guides');
      await expect(page.getByRole('heading', { name: g.member.title, level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
      await server.advanceClock(day + 60_000);
      clockOffset += day + 60_000;

      // The member finds it from the navigation and reads it.
      await page.goto('/');
      // Home's lazy section shows the latest guide.
      const latest = page.getByRole('region', { name: g.member.homeHeading });
      await expect(latest.getByRole('link', { name: new RegExp(title) })).toBeVisible();
      await axeClean(page);
      await shot(page, 'home');
      if (width < 800) await page.getByRole('button', { name: m.nav.openMenu }).click();
      await page.getByRole('link', { name: m.nav.styleGuides }).first().click();
      await expect(page.getByRole('heading', { name: g.member.title, level: 1 })).toBeVisible();
      await axeClean(page);
      await shot(page, 'member-list');
      await page.getByRole('link', { name: new RegExp(title) }).click();
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      const productLink = page.getByRole('link', { name: locale === 'da-DK' ? 'uldfrakke' : 'wool coat' });
      await expect(productLink).toHaveAttribute('href', `https://shop.example.com/coat-${width}`);
      await expect(page.locator('article img').first()).toHaveAttribute('width', /\d+/);
      await axeClean(page);
      await shot(page, 'member-guide');
      const guideUrl = new URL(page.url()).pathname;

      // Without JavaScript, the guide's page holds its words (server-rendered).
      const cookies = await page.context().cookies();
      const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
      await plain.addCookies(cookies);
      const noScript = await plain.newPage();
      const response = await noScript.goto(`${server.url}${guideUrl}`);
      const html = (await response?.text()) ?? '';
      expect(html).toContain(title);
      expect(html).toContain(locale === 'da-DK' ? 'Start med strik' : 'Start with knitwear');
      await expect(noScript.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await noScript.screenshot({ path: `test-results/guides-no-js-${locale}-${width}.png`, fullPage: true });
      await plain.close();

      // A visitor signed out is sent to sign in, and comes back to the guide after signing in.
      const visitor = await browser.newContext({ viewport: { width, height: 900 } });
      const visit = await visitor.newPage();
      await visit.goto(`${server.url}${guideUrl}`);
      await expect(visit).toHaveURL(/\/signin\?next=/);
      await visit.getByRole('link', { name: m.signIn.usePassword }).click();
      await expect(visit.getByLabel(m.signIn.password)).toBeVisible();
      await visit.getByLabel(m.signIn.email).fill(member.email);
      await visit.getByLabel(m.signIn.password).fill(member.password);
      await visit.getByRole('button', { name: m.signIn.submit, exact: true }).click();
      await expect(visit).toHaveURL(new RegExp(`${guideUrl}$`));
      await expect(visit.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await visitor.close();

      // The guide's email: to the member, with RFC 8058 one-click unsubscribe (the job runs each minute).
      const mail = await server.mail.waitFor(member.email, new RegExp(title), 90_000);
      const unsubscribeUrl = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
      expect(unsubscribeUrl).toMatch(/\/unsubscribe\/[A-Za-z0-9_-]{43}$/);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.links).toContain(unsubscribeUrl);
      expect(mail.links.some((link) => link.endsWith(guideUrl))).toBe(true);
    });
  }
}

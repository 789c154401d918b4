import type { Page, TestInfo } from '@playwright/test';
import { seriousViolations, settle } from './axe.ts';
import { expect, type TestServer, test } from './fixtures.ts';

/**
 * What a new member meets in their first minutes, on a phone and a desktop, in en-GB and da-DK: the
 * telephone number and WhatsApp on Edit details, "Sign-in and security" for members with and without
 * a password, the first Home after joining, a footer and the invitation line on sign-in, and the
 * copy that used to slip.
 */

export async function shoot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

export async function axeClean(page: Page) {
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
}

/** A member invited without a password signs in with an emailed link, as they would. */
async function passwordlessMember(page: Page, server: TestServer, name: string) {
  const email = `nopass-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const created = await server.partner('POST', '/members', { email, name });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const asked = await page.request.post(`${server.url}/api/request-magic-link`, {
    data: { email },
    headers: { origin: server.url },
  });
  expect(asked.status()).toBe(200);
  const mail = await server.mail.waitFor(email);
  const link = mail.links.find((l) => l.includes('/magic-login?token='));
  await page.goto(String(link));
  await expect(page).toHaveURL(/\/$/);
  return email;
}

const words = {
  'en-GB': {
    telephone: 'Telephone number',
    save: 'Save changes',
    invalid: 'Enter a UK telephone number, like 07700 900123.',
    bad: '020 794',
    good: '07700 900123',
    kept: '+44 7700 900123',
    updated: 'Your details have been updated.',
    security: 'Sign-in and security',
    securityHint: "Your password, passkeys and where you're signed in",
    securityHintNoPassword: "Passkeys, setting a password and where you're signed in",
    password: 'Password',
    passkeys: 'Passkeys',
    sessions: "Where you're signed in",
    setPassword: 'Set password',
    changePassword: 'Change password',
    passwordSet: 'Your password has been set. You can now sign in with it too.',
    greeting: 'Hello, Maya',
    seeHistory: 'See your purchase history',
    empty: 'You have no purchases yet.',
    print: 'Print card',
    helpAndFaq: 'Help and FAQ',
    terms: 'Terms and Conditions',
    privacy: 'Privacy Policy',
    byInvitation: 'Membership is by invitation. Not a member yet? Ask in any of our stores.',
    yes: 'Yes, please',
  },
  'da-DK': {
    telephone: 'Telefonnummer',
    save: 'Gem ændringer',
    invalid: 'Skriv et dansk telefonnummer, fx 20 30 40 50.',
    bad: '07700 900123',
    good: '20304050',
    kept: '+45 20 30 40 50',
    updated: 'Dine oplysninger er opdateret.',
    security: 'Log ind og sikkerhed',
    securityHint: 'Din adgangskode, dine adgangsnøgler og hvor du er logget ind',
    securityHintNoPassword: 'Adgangsnøgler, valg af adgangskode og hvor du er logget ind',
    password: 'Adgangskode',
    passkeys: 'Adgangsnøgler',
    sessions: 'Hvor du er logget ind',
    setPassword: 'Vælg adgangskode',
    changePassword: 'Skift adgangskode',
    passwordSet: 'Din adgangskode er valgt. Nu kan du også logge ind med den.',
    greeting: 'Hej, Maya',
    seeHistory: 'Se din købshistorik',
    empty: 'Du har ingen køb endnu.',
    print: 'Udskriv kort',
    helpAndFaq: 'Hjælp og FAQ',
    terms: 'Vilkår og betingelser',
    privacy: 'Privatlivspolitik',
    byInvitation:
      'Medlemskab sker kun efter invitation. Er du ikke medlem endnu? Spørg i en af vores butikker.',
    yes: 'Ja tak',
  },
} as const;

/** The journeys in one locale; the caller's file sets the locale's configuration (one server a file). */
export function firstMinutesJourneys(locale: 'en-GB' | 'da-DK') {
  const w = words[locale];
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 900 },
  ]) {
    const at = `${locale} ${viewport.width}`;
    test.describe(`first minutes, ${locale} at ${viewport.width} px`, () => {
      test.use({ viewport });

      test('Edit details: WhatsApp only with a telephone number, checked in the scheme’s country format; staff see it', async ({
        page,
        server,
        createMember,
        signIn,
      }, info) => {
        const member = await createMember({ name: 'Maya Chen' });
        await signIn(page, member);
        await page.goto('/help/account-details');
        const phone = page.getByLabel(w.telephone);
        await expect(phone).toHaveValue('');
        // No number: no WhatsApp to tick.
        await expect(page.getByRole('checkbox', { name: 'WhatsApp' })).toHaveCount(0);
        await axeClean(page);
        await shoot(page, info, `edit-details-no-number-${at}`);

        await phone.fill(w.bad);
        await expect(page.getByRole('checkbox', { name: 'WhatsApp' })).toBeVisible();
        await page.getByRole('button', { name: w.save }).click();
        await expect(page.getByText(w.invalid)).toBeVisible();
        await axeClean(page);

        await phone.fill(w.good);
        await page.getByRole('checkbox', { name: 'WhatsApp' }).check();
        await shoot(page, info, `edit-details-whatsapp-${at}`);
        await page.getByRole('button', { name: w.save }).click();
        await expect(page.getByText(w.updated)).toBeVisible();

        await page.goto('/help/account');
        await expect(page.getByText(w.kept)).toBeVisible();
        const whatsapp = page
          .locator('dt', { hasText: 'WhatsApp' })
          .locator('xpath=following-sibling::dd[1]');
        await expect(whatsapp).toHaveText(w.yes);
        const staff = await server.partner<{ member: { telephoneNumber: string | null } }>(
          'GET',
          `/members/${member.loyaltyId}`,
        );
        expect(staff.body.member.telephoneNumber).toBe(w.kept);

        // The server refuses WhatsApp without a number even when a page asks for it.
        const other = await createMember();
        await signIn(page, other);
        const refused = await page.request.post(`${server.url}/api/update-account`, {
          data: { marketingConsent: 'consent', marketingConsentWhatsApp: 'consent' },
          headers: { origin: server.url },
        });
        expect(refused.status()).toBe(400);
        expect(await refused.json()).toMatchObject({ error: 'TelephoneRequired' });
      });

      test('Sign-in and security: named for what it holds, worded for members with and without a password', async ({
        page,
        server,
        createMember,
        signIn,
      }, info) => {
        await signIn(page, await createMember({ name: 'Maya Chen' }));
        await page.goto('/help/account');
        const entry = page.getByRole('link', { name: new RegExp(w.security) });
        await expect(entry).toContainText(w.securityHint);
        await entry.click();
        await expect(page.getByRole('heading', { level: 1, name: w.security })).toBeVisible();
        await expect(page).toHaveTitle(new RegExp(`^${w.security}`));
        for (const heading of [w.password, w.passkeys, w.sessions])
          await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
        await expect(page.getByRole('button', { name: w.changePassword })).toBeVisible();
        await axeClean(page);
        await shoot(page, info, `security-with-password-${at}`);

        // A member who never had a password is offered to set one, not to change it.
        await page.context().clearCookies();
        await passwordlessMember(page, server, 'Noor Haddad');
        await page.goto('/help/account');
        await expect(page.getByRole('link', { name: new RegExp(w.security) })).toContainText(
          w.securityHintNoPassword,
        );
        await page.goto('/help/security');
        await expect(page.getByRole('button', { name: w.changePassword })).toHaveCount(0);
        await page
          .getByLabel(locale === 'da-DK' ? 'Ny adgangskode' : 'New password')
          .fill('a-new-password-2026');
        await axeClean(page);
        await shoot(page, info, `security-without-password-${at}`);
        await page.getByRole('button', { name: w.setPassword }).click();
        await expect(page.getByText(w.passwordSet)).toBeVisible();
        await expect(page.getByRole('button', { name: w.changePassword })).toBeVisible();
      });

      test('the first Home: greeted by first name, no history link over an empty history, Print card not on phones; a footer', async ({
        page,
        createMember,
        signIn,
      }, info) => {
        await signIn(page, await createMember({ name: 'Maya Chen' }));
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.greeting);
        await expect(page.getByText(w.empty)).toBeVisible();
        await expect(page.getByRole('link', { name: w.seeHistory })).toHaveCount(0);
        const print = page.getByRole('button', { name: w.print });
        if (viewport.width < 576) await expect(print).toBeHidden();
        else await expect(print).toBeVisible();
        const footer = page.getByRole('contentinfo');
        await expect(footer.getByRole('link', { name: w.helpAndFaq })).toBeVisible();
        await expect(footer.getByRole('link', { name: w.terms })).toBeVisible();
        await expect(footer.getByRole('link', { name: w.privacy })).toBeVisible();
        await axeClean(page);
        await shoot(page, info, `home-first-${at}`);
        await page.goto('/help/account');
        await expect(page.getByRole('contentinfo').getByRole('link', { name: w.helpAndFaq })).toBeVisible();
      });

      test('sign-in: the invitation line and a footer with help, terms and privacy', async ({
        page,
      }, info) => {
        await page.goto('/signin');
        await expect(page.getByText(w.byInvitation)).toBeVisible();
        const footer = page.getByRole('contentinfo');
        await expect(footer.getByRole('link', { name: w.helpAndFaq })).toHaveAttribute('href', '/help/faq');
        await expect(footer.getByRole('link', { name: w.terms })).toHaveAttribute('href', '/help/terms');
        await expect(footer.getByRole('link', { name: w.privacy })).toHaveAttribute(
          'href',
          '/help/privacy-policy',
        );
        await axeClean(page);
        await shoot(page, info, `signin-${at}`);
        await footer.getByRole('link', { name: w.helpAndFaq }).click();
        await expect(page).toHaveURL(/\/help\/faq$/);
      });
    });
  }
}

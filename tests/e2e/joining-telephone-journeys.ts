import { axeClean, shoot } from './first-minutes-journeys.ts';
import { expect, test } from './fixtures.ts';

/**
 * Joining by invitation with telephone numbers on, on a phone and a desktop: WhatsApp is offered
 * only once the invitee gives a number in the consent step (checked in the scheme's country's
 * format), the server refuses WhatsApp without one, and the number and the choice reach the
 * member's details and the staff's view.
 */

const words = {
  'en-GB': {
    step2: 'Step 2 of 4',
    step3: 'Step 3 of 4',
    next: 'Next',
    join: 'Join now',
    telephone: 'Telephone number (optional)',
    emailQuestion: 'Would you like to hear from us by email?',
    invalid: 'Enter a UK telephone number, like 07700 900123.',
    bad: '020 794',
    good: '07700 900123',
    kept: '+44 7700 900123',
    continueToAccount: 'Continue to account',
    yes: 'Yes, please',
  },
  'da-DK': {
    step2: 'Trin 2 af 4',
    step3: 'Trin 3 af 4',
    next: 'Næste',
    join: 'Tilmeld mig',
    telephone: 'Telefonnummer (valgfrit)',
    emailQuestion: 'Vil du gerne høre fra os på e-mail?',
    invalid: 'Skriv et dansk telefonnummer, fx 20 30 40 50.',
    bad: '07700 900123',
    good: '20304050',
    kept: '+45 20 30 40 50',
    continueToAccount: 'Fortsæt til konto',
    yes: 'Ja tak',
  },
} as const;

/** The journeys in one locale; the caller's file sets the locale's configuration (one server a file). */
export function joiningTelephoneJourneys(locale: 'en-GB' | 'da-DK') {
  const w = words[locale];
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 900 },
  ]) {
    const at = `${locale} ${viewport.width}`;
    test.describe(`joining with a telephone number, ${locale} at ${viewport.width} px`, () => {
      test.use({ viewport });

      test('the consent step offers WhatsApp only with a number; the server refuses it without one', async ({
        page,
        server,
      }, info) => {
        const email = `phone-${viewport.width}-${Date.now()}@example.com`;
        const res = await server.partner<{ invite: { acceptUrl: string } }>('POST', '/invites', {
          email,
          name: 'Maya Chen',
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const token = new URL(res.body.invite.acceptUrl).searchParams.get('token');
        await page.goto(res.body.invite.acceptUrl);
        await page.getByRole('button', { name: w.next }).click();
        await expect(page.getByText(w.step2)).toBeVisible();

        // No number: one question on email, no WhatsApp to tick.
        const phone = page.getByLabel(w.telephone);
        await expect(phone).toHaveValue('');
        await expect(page.getByRole('checkbox', { name: 'WhatsApp' })).toHaveCount(0);
        await expect(page.getByLabel(w.emailQuestion)).toBeVisible();
        await axeClean(page);
        await shoot(page, info, `joining-no-number-${at}`);

        // A page that asks for WhatsApp anyway is refused, and the invitation stays open.
        const refused = await page.request.post(`${server.url}/api/accept-invite`, {
          data: { token, allowMarketing: true, allowMarketingWhatsApp: true },
          headers: { origin: server.url },
        });
        expect(refused.status()).toBe(400);
        expect(await refused.json()).toMatchObject({ error: 'TelephoneRequired' });

        // A number not of the scheme's country is flagged before anything is sent.
        await phone.fill(w.bad);
        const whatsapp = page.getByRole('checkbox', { name: 'WhatsApp' });
        await expect(whatsapp).toBeVisible();
        await whatsapp.check();
        await page.getByRole('button', { name: w.join }).click();
        await expect(page.getByText(w.invalid)).toBeVisible();
        await expect(phone).toBeFocused();
        await expect(page.getByText(w.step2)).toBeVisible();
        await axeClean(page);
        await shoot(page, info, `joining-bad-number-${at}`);

        await phone.fill(w.good);
        await expect(page.getByText(w.invalid)).toHaveCount(0);
        await expect(whatsapp).toBeChecked();
        await shoot(page, info, `joining-whatsapp-${at}`);
        await page.getByRole('button', { name: w.join }).click();
        await expect(page.getByText(w.step3)).toBeVisible();
        await page.getByRole('button', { name: w.continueToAccount }).click();
        await expect(page).toHaveURL(/\/$/);

        await page.goto('/help/account');
        await expect(page.getByText(w.kept)).toBeVisible();
        const kept = page.locator('dt', { hasText: 'WhatsApp' }).locator('xpath=following-sibling::dd[1]');
        await expect(kept).toHaveText(w.yes);
        const viewer = await page.request.get(`${server.url}/api-w/viewer`);
        const loyaltyId = ((await viewer.json()) as { account: { loyaltyId: string } }).account.loyaltyId;
        const staff = await server.partner<{ member: { telephoneNumber: string | null } }>(
          'GET',
          `/members/${loyaltyId}`,
        );
        expect(staff.body.member.telephoneNumber).toBe(w.kept);
      });
    });
  }
}

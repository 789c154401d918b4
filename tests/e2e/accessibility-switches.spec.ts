import { seriousViolations, settle } from './axe.ts';
import { expect, test } from './fixtures.ts';

// The switch-dependent screens, with every switch of SPEC §1 flipped from the described configuration.
test.use({
  loyaltyConfig: {
    selfSignupEnabled: true,
    selfProfileUpdateEnabled: true,
    enablePointsExchange: true,
    enableCardPIN: true,
    enableTelephoneNumber: false,
    enableMagicLinkLogins: false,
    enableWebAuthnLogins: false,
    alternativeLandingEnabled: true,
    guidedSignupEnabled: true,
    allowedCurrencies: ['GBP', 'EUR'],
  },
});

const signedOut = ['/', '/signin', '/signup', '/landing-page', '/store/signup', '/store/signup/some-token'];
const signedIn = ['/', '/create-exchange', '/help/account', '/help/account-details', '/help/security'];

test.describe('accessibility with the other switch states', () => {
  for (const route of signedOut) {
    test(`axe signed out (switches on): ${route}`, async ({ page }) => {
      await page.goto(route);
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
  for (const route of signedIn) {
    test(`axe signed in (switches on): ${route}`, async ({ page, createMember, signIn }) => {
      await signIn(page, await createMember());
      await page.goto(route);
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

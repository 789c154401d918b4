import { expect, test } from './fixtures.ts';

// The password form is the sign-in screen here, so the journey does not depend on magic links.
test.use({ loyaltyConfig: { enableMagicLinkLogins: false } });

test('add to Google Wallet: signed out → sign in → the browser goes to the save link (SPEC §2, §4 Google wallet)', async ({
  page,
  createMember,
}) => {
  const member = await createMember({ name: 'Alex Wallet' });
  // No internet here: answer for pay.google.com and keep the address the browser was sent to.
  let saveUrl = '';
  await page.route('https://pay.google.com/**', async (route) => {
    saveUrl = route.request().url();
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Google Wallet</title><p>Saved</p>',
    });
  });
  await page.goto(`/add-to-google-wallet?email=${encodeURIComponent(member.email.toUpperCase())}`);
  await expect(page).toHaveURL(/\/signin\?next=add-to-google-wallet&email=/);
  expect(new URL(page.url()).searchParams.get('email')).toBe(member.email);
  await expect(page.getByLabel('Email address')).toHaveValue(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
  const jwt = saveUrl.split('/').at(-1) ?? '';
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as {
    payload: { loyaltyObjects: { accountName: string; accountId: string }[] };
  };
  expect(claims.payload.loyaltyObjects[0]).toMatchObject({
    accountName: 'Alex Wallet',
    accountId: member.loyaltyId,
  });
});

test('add to Google Wallet: a bad onboarding token shows the login-first message (SPEC §8)', async ({
  page,
}) => {
  await page.goto('/add-to-google-wallet?token=expired-or-made-up');
  await expect(
    page.getByText('You need to login first before we create your Google Pay pass.'),
  ).toBeVisible();
});

test('Apple Wallet: the plain link downloads the member’s .pkpass (SPEC §7 passkit)', async ({
  page,
  createMember,
  signIn,
}) => {
  const member = await createMember();
  await signIn(page, member);
  const response = await page.request.get('/api/passkit');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/vnd.apple.pkpass');
  expect((await response.body()).subarray(0, 2).toString()).toBe('PK');
});

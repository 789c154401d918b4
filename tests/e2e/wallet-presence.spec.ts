import { unzip } from '../support/unzip.ts';
import { expect, test } from './fixtures.ts';

test('Home shows the card in the wallet once a phone registers the Apple pass, and offers to re-add it once removed', async ({
  page,
  createMember,
  signIn,
  server,
}) => {
  const member = await createMember({ name: 'Wren Wallet' });
  await signIn(page, member);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Wren');
  await expect(page.getByRole('link', { name: 'Add to Apple Wallet' })).toBeVisible();
  await expect(page.getByTestId('wallet-presence')).toHaveCount(0);

  // The member adds the pass on their iPhone: Wallet downloads it and registers the device with the
  // pass's web service, as Apple's devices do.
  const download = await page.request.get(`${server.url}/api/passkit`);
  expect(download.status()).toBe(200);
  const pass = JSON.parse(String(unzip(await download.body()).get('pass.json'))) as {
    serialNumber: string;
    authenticationToken: string;
    passTypeIdentifier: string;
    webServiceURL: string;
  };
  expect(pass.webServiceURL).toBe(`${server.url}/passkit`);
  const registration = `${pass.webServiceURL}/v1/devices/iphone-1/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`;
  const headers = { authorization: `ApplePass ${pass.authenticationToken}` };
  const registered = await page.request.post(registration, { headers, data: { pushToken: 'push-token-1' } });
  expect(registered.status()).toBe(201);

  await page.reload();
  await expect(page.getByTestId('wallet-presence')).toHaveText('In your wallet ✓');
  await expect(page.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveCount(0);

  // The member deletes the pass from the phone: Wallet unregisters the device.
  expect((await page.request.delete(registration, { headers })).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('wallet-presence')).toHaveText(
    'Your card was removed from your wallet. Re-add it:',
  );
  await expect(page.getByRole('link', { name: 'Add to Apple Wallet' })).toBeVisible();
});

import { expect, test } from './fixtures.ts';

test.use({
  loyaltyConfig: { chatWidget: { enabled: true, scriptUrl: 'https://chat.example.com/widget.js' } },
});

test.describe('chat widget (SPEC §1, §9)', () => {
  test('chat: the script is requested only after 1000 ms, and never blocks the first render', async ({
    page,
    createMember,
    signIn,
  }) => {
    let requests = 0;
    await page.route('https://chat.example.com/**', (route) => {
      requests += 1;
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__chat = true;' });
    });
    await signIn(page, await createMember({ name: 'Chat Member' }));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Hello, Chat' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as { __chat?: boolean }).__chat)).toBe(true);
    expect(requests).toBe(1);
    // Measured in the page: the script was requested at least 1000 ms after the app's first render.
    const timing = await page.evaluate(() => ({
      scheduled: performance.getEntriesByName('chat-widget-scheduled')[0]?.startTime ?? -1,
      requested:
        performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.startsWith('https://chat.example.com/'))?.startTime ?? -1,
    }));
    expect(timing.scheduled).toBeGreaterThan(0);
    expect(timing.requested - timing.scheduled).toBeGreaterThanOrEqual(999);
    // The page rendered before the script was even asked for.
    expect(timing.requested).toBeGreaterThan(timing.scheduled);
  });
});

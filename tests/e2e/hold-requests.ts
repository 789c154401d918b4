import type { Page } from '@playwright/test';

/**
 * Holds the page's requests for `url` (a glob) at the network until `release()`: a slow connection
 * on demand, so a test can look at the moment before they are answered. `requested` settles when the
 * first one is held.
 */
export async function holdRequests(page: Page, url: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = () => {};
  const requested = new Promise<void>((resolve) => {
    held = resolve;
  });
  await page.route(url, async (route) => {
    held();
    await released;
    await route.continue();
  });
  return { requested, release };
}

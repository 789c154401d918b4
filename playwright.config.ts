import { defineConfig } from '@playwright/test';

// Browser journeys in the system Chromium against real servers started by tests/e2e/fixtures.ts.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'retain-on-failure',
    // The members' service worker (src/web/offline/sw.js) answers some of a page's calls itself,
    // where a page's own route (page.route) no longer sees them: the journeys run without it, but
    // those of the card offline (offline-card-journeys.ts), which allow it.
    serviceWorkers: 'block',
  },
});

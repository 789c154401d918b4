import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Three projects: unit (pure logic), component (React in jsdom), api (the real app and database).
export default defineConfig({
  plugins: [react()],
  test: {
    // Used by `npm run coverage` (so by validate and CI): V8's own counters cost about 15-20% more CPU
    // on the API suite, which is why plain `npm test` runs without them.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/server/db/migrations/**'],
      reporter: ['text-summary'],
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/support/component-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['src/**/*.api.test.ts', 'tests/api/**/*.api.test.ts'],
          globalSetup: ['tests/support/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

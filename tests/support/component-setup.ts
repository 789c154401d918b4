import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { daDK } from '../../src/web/i18n/da-DK.ts';
import { daDKHome } from '../../src/web/i18n/da-DK-home.ts';
import { daDKScreens } from '../../src/web/i18n/da-DK-screens.ts';
import { enGB } from '../../src/web/i18n/en-GB.ts';
import { enGBHome } from '../../src/web/i18n/en-GB-home.ts';
import { enGBScreens } from '../../src/web/i18n/en-GB-screens.ts';
import { registerMessages } from '../../src/web/i18n/messages.tsx';
import { assertContractKept } from './contract-fetch.ts';

// Screens are rendered directly in component tests, not through lazyScreen: give them every word.
registerMessages('en-GB', enGB, { ...enGBHome, ...enGBScreens });
registerMessages('da-DK', daDK, { ...daDKHome, ...daDKScreens });

// Unmounted first, whatever the test's outcome; then a stub that answered what the contract does not
// allow, or was sent what the server would refuse, fails its test (contract-fetch.ts).
afterEach(() => {
  cleanup();
  assertContractKept();
});

import { describe } from './descriptor.ts';
import type { completeLinkWithNikeEndpoint, linkWithNikeEndpoint, unlinkNikeEndpoint } from './nike-link.ts';

/** The browser's view of the Nike link endpoints of nike-link.ts (zod-free: see descriptor.ts). */
export const linkWithNike = describe<typeof linkWithNikeEndpoint>('POST', '/api/link-with-nike');
export const completeLinkWithNike = describe<typeof completeLinkWithNikeEndpoint>(
  'POST',
  '/api/complete-link-with-nike',
);
export const unlinkNike = describe<typeof unlinkNikeEndpoint>('POST', '/api/unlink-nike');

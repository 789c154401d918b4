import { describe } from './descriptor.ts';
import type { viewerEndpoint } from './viewer.ts';

/** The browser's descriptors of the viewer endpoints (zod-free: see descriptor.ts). */
export const viewer = describe<typeof viewerEndpoint>('GET', '/api-w/viewer');

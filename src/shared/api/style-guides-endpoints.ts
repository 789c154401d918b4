import { describe } from './descriptor.ts';
import type {
  createGuideEndpoint,
  memberGuideEndpoint,
  memberGuidesEndpoint,
  previewGuideEndpoint,
  staffGuidesEndpoint,
  updateGuideEndpoint,
} from './style-guides.ts';

/** The browser's descriptors of style guides (zod-free). */
export const staffGuides = describe<typeof staffGuidesEndpoint>('GET', '/staff-api/style-guides');
export const createGuide = describe<typeof createGuideEndpoint>('POST', '/staff-api/style-guides');
export const updateGuide = describe<typeof updateGuideEndpoint>('POST', '/staff-api/style-guides/:id');
export const previewGuide = describe<typeof previewGuideEndpoint>('POST', '/staff-api/style-guides/preview');
export const memberGuides = describe<typeof memberGuidesEndpoint>('GET', '/api/style-guides');
export const memberGuide = describe<typeof memberGuideEndpoint>('GET', '/api/style-guides/:id');

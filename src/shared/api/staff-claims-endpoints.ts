import { describe } from './descriptor.ts';
import type { approveClaimEndpoint, refuseClaimEndpoint, staffClaimsEndpoint } from './staff-claims.ts';

/** The browser's descriptors of the console's claims queue (zod-free). */
export const staffClaims = describe<typeof staffClaimsEndpoint>('GET', '/staff-api/claims');
export const approveClaim = describe<typeof approveClaimEndpoint>('POST', '/staff-api/claims/approve');
export const refuseClaim = describe<typeof refuseClaimEndpoint>('POST', '/staff-api/claims/refuse');

import type { claimStoresEndpoint, claimsEndpoint, createClaimEndpoint } from './claims.ts';
import { describe } from './descriptor.ts';

/** The browser's descriptors of the missing-purchase claims (zod-free: see descriptor.ts). */
export const createClaim = describe<typeof createClaimEndpoint>('POST', '/api/purchase-claims');
export const claims = describe<typeof claimsEndpoint>('GET', '/api/purchase-claims');
export const claimStores = describe<typeof claimStoresEndpoint>('GET', '/api/purchase-claims/stores');

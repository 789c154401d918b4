import { adminEndpoints } from './partner-admin-endpoints.ts';
import { tillEndpoints } from './partner-endpoints.ts';

/** Where the partner API lives; its declarations' paths begin with it. */
export const partnerPrefix = '/partner/v1';

/** Every partner API operation, in the order the documentation lists them. */
export const partnerEndpoints = [...tillEndpoints, ...adminEndpoints];

export type PartnerEndpoint = (typeof partnerEndpoints)[number];

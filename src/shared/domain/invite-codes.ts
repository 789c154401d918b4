/** SPEC §8 invitation codes: the server answers them, the invite screen words them. */
const inviteCodes = [
  'LinkInvalid',
  'NotFound',
  'LinkResent',
  'LinkExpired',
  'LinkStale',
  'InviteConsumed',
  'ServiceError',
] as const;
export type InviteCode = (typeof inviteCodes)[number];

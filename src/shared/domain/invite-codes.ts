/** SPEC §8 invitation codes: the server answers them, the invite screen words them. */
export const inviteCodes = [
  'LinkInvalid',
  'NotFound',
  'LinkResent',
  'LinkExpired',
  'LinkStale',
  'InviteConsumed',
  'ServiceError',
] as const;
export type InviteCode = (typeof inviteCodes)[number];

export function isInviteCode(code: string | undefined): code is InviteCode {
  return code !== undefined && (inviteCodes as readonly string[]).includes(code);
}

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

/**
 * SPEC §8 Invitation messages (word for word where the spec quotes them): the server's English for
 * the partner API and the en-GB catalogue's words for the invite screen.
 */
export const inviteMessages: Record<InviteCode, string> = {
  InviteConsumed: 'It looks like this invitation has already been used.',
  LinkExpired:
    'For security, this invitation link has expired. But there was an error sending you a new one. Please try again.',
  LinkInvalid:
    'There was an error loading your invite information, please check you opened the link in the email correctly.',
  LinkResent:
    'For security, this invitation link has expired, so we have emailed you a fresh one. Please open the newest email from us.',
  LinkStale:
    'This invitation link has been replaced by a newer one. Please open the latest invitation we emailed you.',
  NotFound:
    "We couldn't find an invitation that matched what we sent to you, please contact customer services.",
  ServiceError: 'Failed to get the status of your invitation. Please refresh the page.',
};

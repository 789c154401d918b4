import type { ErrorCode } from '#shared/api/error-codes.ts';
import type { StaffNotice } from '#shared/api/staff-members.ts';

/** What a notice names: where a link went, the points an adjustment gave (formatted). */
interface NoticeDetails {
  email: string;
  points: string;
}

/** The console's words for what a call did, or why it failed. */
export interface StaffOutcomeWords {
  notices: Record<StaffNotice, (details: NoticeDetails) => string>;
  failures: {
    signedOut: string;
    forbidden: string;
    tooMany: string;
    unreachable: string;
    invalid: string;
    notFound: string;
    conflict: string;
    server: string;
    /** The codes staff calls answer that say more than their status. */
    codes: Partial<Record<ErrorCode, string>>;
  };
}

/**
 * What the console says when a call succeeds (by the server's notice code) or fails (by the server's
 * error code, else by HTTP status): never the server's English sentence. British English.
 */
export const staffOutcomesEnGB: StaffOutcomeWords = {
  notices: {
    'invitation-sent': ({ email }) => `A new invitation is on its way to ${email}.`,
    'password-reset-sent': ({ email }) => `A password reset link is on its way to ${email}.`,
    'sign-in-link-sent': ({ email }) => `A sign-in link is on its way to ${email}.`,
    'session-ended': () => 'The session has ended.',
    'all-sessions-ended': () => 'Every session of the member has ended.',
    'points-adjusted': ({ points }) => `Adjusted by ${points} points.`,
    'adjustment-already-recorded': () => 'This adjustment was already recorded.',
    'member-updated': () => 'The member has been updated.',
    'member-deleted': () => 'The member has been deleted.',
    'mail-requeued': () => 'The email is back in the queue.',
  },
  failures: {
    signedOut: 'Your staff session has ended. Please sign in again.',
    forbidden: 'Your role does not allow this.',
    tooMany: 'Too many attempts. Please wait a few minutes and try again.',
    unreachable: 'The server could not be reached. Please try again.',
    invalid: 'Please check what you entered and try again.',
    notFound: 'That is no longer there. Reload the page to see what is.',
    conflict: 'Someone changed this meanwhile. Reload the page and try again.',
    server: 'Something went wrong on the server. Please try again.',
    codes: {
      MemberNotFound: 'There is no such member, or they have been deleted.',
      NotFound: 'That is no longer there. Reload the page to see what is.',
      InviteConsumed: 'That invitation has already been accepted.',
      AlreadyMember:
        'No invitation was sent: this person is already a member, and an invitation would walk them through joining again. They sign in as usual; to help them, send a sign-in link from their member page.',
      DeleteConfirmMismatch: 'Type the member’s card number exactly.',
      NothingToChange: 'Nothing was changed.',
      MailNotFound: 'That email is no longer waiting to be sent again.',
      ClaimNotFound: 'There is no such claim.',
      ClaimDecided: 'Someone has already decided this claim. Reload the page.',
      PointsRequired: 'Enter the points to give.',
      NotEnoughPoints: 'The member does not have that many points.',
      BalanceWouldGoNegative: 'That would take the member’s points below zero.',
      PointsLimit: 'That is more points than a member may hold.',
      StaffExists: 'A staff member with that email already exists.',
      StaffNotFound: 'There is no such staff member.',
      LastAdmin: 'The last active admin cannot lose the admin role or be deactivated.',
      StaffActive: 'That staff member is active: deactivate them first.',
      StaffPasskeyUnknown: 'That passkey has already been removed.',
      StaffSessionUnknown: 'That session has already ended.',
      StaffPasskeyRefused: 'The passkey could not be checked. Please try again.',
      EnrolmentInvalid:
        'This enrolment link has expired or has already been used. Ask an admin for a new one.',
      ApiKeyNameTaken: 'An API key already has that name.',
      ApiKeyNotFound: 'There is no such API key.',
      CrossSiteRequest: 'Please reload the page and try again.',
    },
  },
};

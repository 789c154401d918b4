/**
 * Every failure of every route answers one envelope: `{ success: false, error: <code>, message,
 * fieldErrors? }` (see docs/architecture.md). The code is what a screen reads to pick its words from
 * its catalogue; `message` is the server's English, for the partner API, the CLI and logs.
 *
 * This module is zod-free: the browser imports it.
 */

/** Codes a member's screen can meet; each has words in every web catalogue (i18n `errors`). */
const memberErrorCodes = [
  // Any route
  'InvalidRequest',
  'InvalidJson',
  'UnsupportedMediaType',
  'BodyTooLarge',
  'UnstorableText',
  'NotFound',
  'MethodNotAllowed',
  'CrossSiteRequest',
  'ServerError',
  'Unavailable',
  'TooManyRequests',
  /** SPEC §8 names this one: "errorCode LOGIN_REQUIRED shows a sign-in-required message". */
  'LOGIN_REQUIRED',
  'RecentAuthenticationRequired',
  // Signing in
  'IncorrectPassword',
  'TooManyAttempts',
  'SignInNotAllowed',
  'AlreadyLoggedIn',
  'LinkExpired',
  'LinkInvalid',
  /** A confirmation link opened in another browser than the one that asked for it. */
  'OtherBrowser',
  // Joining
  'InvalidPassword',
  'UserAlreadyExists',
  'InviteConsumed',
  /** SPEC §8 invitation codes: an expired link was replaced by a freshly emailed one … */
  'LinkResent',
  /** … a newer invitation replaced this one … */
  'LinkStale',
  /** … the invitation's status could not be read. */
  'ServiceError',
  'AlreadyVerified',
  'ResendLimited',
  /** A link proving a new address, opened without the session of the member who asked for it. */
  'SignInToConfirmEmail',
  // My details
  'CreditAccount',
  'ProfileUpdateDisabled',
  'CurrencyNotAllowed',
  'ConsentUnknown',
  /** WhatsApp messages asked for (or the number removed while they are on) without a telephone number. */
  'TelephoneRequired',
  'DeleteConfirmMismatch',
  /** Too many email changes lately, by this member or to this address. */
  'EmailChangeLimited',
  // Passkeys
  'ChallengeExpired',
  'NoPasskeys',
  'PasskeyExists',
  'PasskeyRefused',
  'TooManyPasskeys',
  'PasskeyUnknown',
  // Sessions and devices
  'SessionUnknown',
  // Points exchange
  'UnderReview',
  'EmailUnverified',
  'CannotConvert',
  'NoPoints',
  'NotMultipleOfRate',
  'NotEnoughPoints',
  'RateChanged',
  'PointsLimit',
  'CashLimit',
  // Sportswear link
  'LinkDeclined',
  'ProviderError',
  'StaleAttempt',
  'ExchangeFailed',
  'LinkedElsewhere',
  // A purchase is missing?
  'AlreadyInHistory',
  'AlreadyClaimed',
  'TooManyOpenClaims',
] as const;

/**
 * Codes a member meets only inside a lazy feature, whose words are in that feature's own catalogue
 * (i18n/private-sales-*.ts), not the first-load one: Home's first load has no room for them.
 */
const featureErrorCodes = [
  'NotEligible',
  'SaleNotLive',
  'CodesRunOut',
  // Events (i18n/events-*.ts)
  'EventNotFound',
  'EventFull',
  'RsvpClosed',
  'EventCancelled',
  'NotAttending',
] as const;

/**
 * Codes of the members' appointments: their words are in the appointments screens' own (lazy)
 * catalogue, not the first-load failures list, which Home's budget has no room for.
 */
const appointmentErrorCodes = [
  'AppointmentNotFound',
  'ServiceNotOffered',
  'SlotInPast',
  'OutsideWorkingHours',
  'SlotTaken',
  'PastChangeCutoff',
  'AppointmentClosed',
] as const;

/** Codes only a partner-API caller or the CLI meets (their words are the English `message`). */
const partnerErrorCodes = [
  'InvalidApiKey',
  'ApiKeyRevoked',
  'InsufficientScope',
  'BootstrapKeyRequired',
  'ApiKeyNotFound',
  'ApiKeyNameTaken',
  'MemberNotFound',
  'MemberExists',
  'AlreadyMember',
  'EmailProvenElsewhere',
  'PurchaseNotFound',
  'OrderOfAnotherMember',
  'IdempotencyKeyReused',
  'AlreadyApplied',
  'ReturnExceedsPurchase',
  'PointsAlreadySpent',
  'PointsExpiryOff',
  'BalanceWouldGoNegative',
  'NotEnoughCash',
  'CurrencyMismatch',
  'CannotRedeem',
  'NothingToChange',
  'MailNotFound',
  'ClaimNotFound',
  'ClaimDecided',
  'PointsRequired',
  /** The invitation names a sender who is not an active stylist. */
  'NotAStylist',
] as const;

/** Codes of the staff console's API (/staff-api); its screens pick words by HTTP status and show `message`. */
const staffErrorCodes = [
  'StaffSignInRequired',
  'StaffRoleRequired',
  'StaffExists',
  'StaffNotFound',
  'EnrolmentInvalid',
  'StaffPasskeyRefused',
  'LastAdmin',
  'StaffActive',
  'StaffPasskeyUnknown',
  'StaffSessionUnknown',
  // Scan a card
  'UnrecognisedCode',
  'CardNotFound',
  'StoreNotFound',
  'VisitIdReused',
  // Private sales
  'SaleNotFound',
  'DuplicateCodes',
  // Events
  'TicketInvalid',
  'AlreadyCheckedIn',
  'UnknownMembers',
  // Appointments
  'ServiceNotFound',
  'NotAStylist',
  // Stores, images and stylists
  'StoreCodeTaken',
  'NotAnImage',
  'ImageNotFound',
  'NotYourProfile',
  // Style guides
  'GuideNotFound',
  'GuidePublished',
] as const;

export type MemberErrorCode = (typeof memberErrorCodes)[number];
type PartnerErrorCode = (typeof partnerErrorCodes)[number];
type StaffErrorCode = (typeof staffErrorCodes)[number];
type FeatureErrorCode = (typeof featureErrorCodes)[number];
export type AppointmentErrorCode = (typeof appointmentErrorCodes)[number];
export type ErrorCode =
  | MemberErrorCode
  | PartnerErrorCode
  | StaffErrorCode
  | FeatureErrorCode
  | AppointmentErrorCode;

/** The body of every failed call. */
export interface FailureBody {
  success: false;
  error: ErrorCode;
  message: string;
  /** Field name → the English problem with it (the screens show their own words per field). */
  fieldErrors?: Record<string, string>;
}

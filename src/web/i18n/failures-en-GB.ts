import type { FailureCode } from '../api.ts';

/**
 * The words a screen shows for a failed call, by its code (src/shared/api/error-codes.ts). A screen
 * may say something more precise for a code in its own context (see `failureText`); it never shows
 * the server's English sentence. The SPEC §8 messages are word for word.
 */
export const failuresEnGB: Record<FailureCode, string> = {
  InvalidRequest: 'Please check the details you entered and try again.',
  InvalidJson: 'Sorry, we have a technical problem. Please try again in a moment.',
  UnsupportedMediaType: 'Sorry, we have a technical problem. Please try again in a moment.',
  BodyTooLarge: 'What you entered is too long. Please shorten it and try again.',
  UnstorableText: 'What you entered contains characters we cannot store. Please remove them and try again.',
  NotFound: 'Sorry, this is not available.',
  MethodNotAllowed: 'Sorry, we have a technical problem. Please try again in a moment.',
  CrossSiteRequest: 'Please reload the page and try again.',
  ServerError: 'Sorry, something went wrong on our side. Please try again.',
  Unavailable: 'Sorry, this is not available at the moment. Please try again later.',
  Unreachable: 'We could not reach our server. Check your connection and try again.',
  Unknown: 'Sorry, we have a technical problem. Please try again in a moment.',
  TooManyRequests:
    'There have been a lot of requests from your connection. Please wait a few minutes and try again.',
  LOGIN_REQUIRED: 'To access your account details, you first need to sign in',
  RecentAuthenticationRequired: 'For your security, please confirm it is you before making this change.',
  IncorrectPassword: 'The username and password entered did not match any account details we hold.',
  TooManyAttempts: 'Too many unsuccessful sign-in attempts. Please wait a few minutes and try again.',
  SignInNotAllowed: 'Sorry, could not complete login, please try again.',
  AlreadyLoggedIn: 'You are already signed in.',
  LinkExpired: 'This link has expired or has already been used. Please ask for a new one.',
  LinkInvalid: 'This link is not valid. Please check you opened the link in the newest email from us.',
  OtherBrowser: 'Open this link in the browser where you asked for it, while signed in there.',
  InvalidPassword: "The password you entered doesn't meet the requirements",
  UserAlreadyExists: 'An account with that email address already exists, please login.',
  InviteConsumed: 'This invitation has already been used. Sign in to your account instead.',
  LinkResent:
    'For security, this link has expired, so we have emailed you a fresh one. Please open the newest email from us.',
  LinkStale: 'This link has been replaced by a newer one. Please open the newest email from us.',
  ServiceError: 'Sorry, we have a technical problem. Please refresh the page.',
  AlreadyVerified: 'Your email address is already verified.',
  ResendLimited: "Wait a few more minutes as we've recently sent the email",
  SignInToConfirmEmail:
    'Only the member who asked for this new email address can confirm it. If that is you, sign in to your membership, then open the link in the email again. If it is not, ignore the email: nothing changes.',
  CreditAccount:
    "Your details can't be changed online for this type of account. Please contact customer services.",
  ProfileUpdateDisabled:
    "Your name and email address can't be changed here. Please contact customer services to change them.",
  CurrencyNotAllowed: "That currency isn't available for your membership.",
  ConsentUnknown: 'Choose yes or no for marketing messages.',
  TelephoneRequired: 'Add your telephone number to hear from us on WhatsApp.',
  DeleteConfirmMismatch: "That isn't the email address of your account. Enter it exactly to confirm.",
  EmailChangeLimited:
    "Your email address can't be changed again just now. Please try again later, or contact customer services.",
  ChallengeExpired: 'This passkey request has expired. Please try again.',
  NoPasskeys: 'There was a problem with your passkey. Please try again.',
  PasskeyExists: 'This passkey is already registered to your account.',
  PasskeyRefused: 'There was a problem with your passkey. Please try again.',
  TooManyPasskeys: 'You have registered the most passkeys an account can have.',
  PasskeyUnknown: "We don't recognise this passkey: it may have been removed from your account.",
  SessionUnknown: 'That session has already ended.',
  UnderReview: "We're reviewing your account so you can't add points to your pass at this time.",
  EmailUnverified: 'Verify your email address before adding points to your pass.',
  CannotConvert:
    "Your account can't add points to your pass at the moment. Please contact customer services.",
  NoPoints: "You don't have any points to add to your pass yet.",
  NotMultipleOfRate: 'Choose a number of points from the list.',
  NotEnoughPoints: "You don't have enough points for this.",
  RateChanged: 'The exchange rate has changed. Please reload the page and try again.',
  PointsLimit: 'This would take your points past the most a member may hold.',
  CashLimit: 'This would take your pass past the most it can hold.',
  LinkDeclined: 'You chose not to link your Nike account.',
  ProviderError: 'Nike could not link your account. Please try again.',
  StaleAttempt: 'This Nike sign-in has expired or was already used. Please connect again.',
  ExchangeFailed: 'Sorry, we could not link your Nike account. Please try again.',
  LinkedElsewhere: 'That Nike account is already linked to another membership.',
  AlreadyInHistory: 'This order is already in your purchase history.',
  AlreadyClaimed: "You've already told us about this order. You can follow it in your purchase history.",
  TooManyOpenClaims:
    "You have several missing purchases waiting for us already. We'll look at those first; please try again once they're answered.",
};

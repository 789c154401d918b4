import type { enGBHome } from './en-GB-home.ts';
import type { enGBScreens } from './en-GB-screens.ts';
import { failuresEnGB } from './failures-en-GB.ts';

/**
 * Every word the web app shows, in British English. SPEC §8 messages are quoted word for word.
 * Other locales implement the same types, so a missing translation is a type error.
 * This file holds what the first paint needs (Landing, Sign in, the layout, errors); the words of
 * the lazily loaded screens are in en-GB-screens.ts, fetched with the first of those screens.
 * Features add their messages under their own key.
 */
export const enGB = {
  app: {
    noJavaScript: 'You need to enable JavaScript for this site to work.',
    loading: 'Loading…',
    redirecting: 'Taking you to your account…',
    skipToContent: 'Skip to content',
  },
  nav: {
    styleGuides: 'Style guides',
    myPoints: 'My Points',
    myDetails: 'My Details',
    events: 'Events',
    helpAndFaq: 'Help and FAQ',
    signOut: 'Sign Out',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    mainNavigation: 'Main navigation',
  },
  titles: {
    signIn: 'Sign in',
    vipSignup: 'VIP Signup',
  },
  landing: {
    welcome: 'Your membership, rewarded.',
    intro: 'Private sales, priority personal-shopping care, event invitations and bi-weekly style guides.',
    signIn: 'Sign in',
    terms: 'Terms and Conditions',
    privacyPolicy: 'Privacy Policy',
    opensInNewWindow: '(opens in a new window)',
  },
  signIn: {
    heading: 'Sign in to your account',
    byInvitation: 'Membership is by invitation. Not a member yet? Ask in any of our stores.',
    email: 'Email address',
    password: 'Password',
    forgotPassword: 'Forgot your password?',
    submit: 'Sign in',
    submitting: 'Signing in…',
    emailRequired: 'Enter your email address',
    emailInvalid: 'Enter a valid email address',
    passwordRequired: 'Enter your password',
    failed: 'Sorry, could not complete login, please try again.',
    incorrectPassword: 'The username and password entered did not match any account details we hold.',
    alreadyLoggedIn: 'You are already signed in.',
    usePassword: 'Sign in with your password instead',
    useLink: 'Email me a sign-in link instead',
  },
  credentials: {
    magicIntro: "Enter your email address and we'll email you a link to sign in. No password needed.",
    emailLink: 'Email me a sign-in link',
    sending: 'Sending…',
    sentTitle: 'Check your email',
    magicSent: (email: string) =>
      `If ${email} belongs to a member, we've emailed a sign-in link there. The link works once, for a few minutes.`,
    useAnotherEmail: 'Use a different email address',
    magicRequestFailed: 'Sorry, we could not send your sign-in link. Please try again.',
    or: 'or',
    passkeySignIn: 'Use a passkey',
    passkeyWaiting: 'Waiting for your passkey…',
    passkeysUnsupported: "Your current browser doesn't support Passkeys.",
    passkeyFailed: 'There was a problem with your passkey. Please try again.',
    passkeyFailOver: (email: string) =>
      `We couldn't sign you in with a passkey, so if ${email} belongs to a member we've emailed a sign-in link there instead.`,
  },
  help: {
    signInRequired: 'To access your account details, you first need to sign in',
    signInLink: 'Sign in',
  },
  /** What a failed call shows, by its code. */
  failures: failuresEnGB,
  errors: {
    notFoundTitle: 'Not Found',
    notFoundBody: 'There is no page at this URL.',
    methodNotAllowedTitle: 'Method Not Allowed',
    methodNotAllowedBody: 'Your browser made an unsupported HTTP request.',
    genericTitle: 'Something went wrong',
    genericBody: 'Sorry, we have a technical problem. Please try again in a moment.',
    reload: 'Reload',
    chunkLoadTitle: 'This page did not load',
    chunkLoadBody: {
      missing: 'A newer version of the site is available. Reload to continue.',
      timeout: 'The page took too long to load. Check your connection and reload.',
      error: 'The page could not be loaded. Check your connection and reload.',
    },
    backHome: 'Back to My Points',
    backToStart: 'Back to the home page',
  },
};

export type CoreMessages = typeof enGB;
/** Home's words (en-GB-home.ts), which Home loads alone, and the other screens' (en-GB-screens.ts). */
export type HomeMessages = typeof enGBHome;
export type OtherScreenMessages = typeof enGBScreens;
export type ScreenMessages = HomeMessages & OtherScreenMessages;
export type Messages = CoreMessages & ScreenMessages;

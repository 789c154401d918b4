/**
 * Every word the web app shows, in British English. SPEC §8 messages are quoted word for word.
 * Other locales implement the same `Messages` type, so a missing translation is a type error.
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
    myPoints: 'My Points',
    myDetails: 'My Details',
    helpAndFaq: 'Help and FAQ',
    signOut: 'Sign Out',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    mainNavigation: 'Main navigation',
  },
  titles: {
    signUp: 'Sign up',
    signIn: 'Sign in',
    resetPassword: 'Reset password',
    nikeAccount: 'Nike account',
    createExchange: 'Create exchange',
    termsAndConditions: 'Terms and Conditions',
    faq: 'FAQ',
    vipSignup: 'VIP Signup',
    myDetails: 'My details',
    editDetails: 'Edit details',
    security: 'Change password',
    passkeys: 'Passkeys',
    privacy: 'Delete account',
    privacyPolicy: 'Privacy Policy',
    verifyEmail: 'Verify email',
    addToGoogleWallet: 'Add to Google Wallet',
    setNewPassword: 'Set a new password',
    joinTheClub: 'Join the club',
    magicLogin: 'Signing you in',
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
    email: 'Email address',
    password: 'Password',
    forgotPassword: 'Forgot your password?',
    submit: 'Sign in',
    submitting: 'Signing in…',
    emailRequired: 'Enter your email address',
    passwordRequired: 'Enter your password',
    failed: 'Sorry, could not complete login, please try again.',
    incorrectPassword: 'The username and password entered did not match any account details we hold.',
    alreadyLoggedIn: 'You are already signed in.',
    usePassword: 'Sign in with your password instead',
  },
  home: {
    greeting: (name: string) => `Hello, ${name}`,
    points: 'Points',
    pendingPoints: (points: string) => `${points} pending`,
  },
  points: {
    purchaseHistory: 'Purchase history',
  },
  help: {
    signInRequired: 'To access your account details, you first need to sign in',
    signInLink: 'Sign in',
  },
  placeholder: {
    body: 'This part of the members’ area is on its way.',
  },
  consent: {
    legend: 'Marketing preferences',
    statement:
      'We would love to tell you about private sales, events and our bi-weekly style guides. You can change your mind at any time in My Details.',
    channelsQuestion: 'How would you like to hear from us?',
    emailQuestion: 'Would you like to hear from us by email?',
    email: 'Email',
    whatsapp: 'WhatsApp',
    no: 'No, thanks',
    yes: 'Yes',
    answerNo: 'No',
    unknown: 'Please choose',
    required: 'Please tell us whether you would like to hear from us.',
  },
  errors: {
    notFoundTitle: 'Not Found',
    notFoundBody: 'There is no page at this URL.',
    methodNotAllowedTitle: 'Method Not Allowed',
    methodNotAllowedBody: 'Your browser made an unsupported HTTP request.',
    genericTitle: 'Something went wrong',
    genericBody: 'Sorry, we have a technical problem. Please try again in a moment.',
    reload: 'Reload',
    backHome: 'Back to My Points',
  },
};

export type Messages = typeof enGB;

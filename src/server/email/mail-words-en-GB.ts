/**
 * The words of every email in British English: the components (email-layout.tsx) hold
 * none. da-DK has the same shape (mail-words-da-DK.ts). `brand` is the configured title.
 */
function duration(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

const vipOffer = [
  'Private sales, before anyone else',
  'Priority personal-shopping care',
  'Invitations to our events',
  'Bi-weekly style guides',
];

export const mailWordsEnGB = {
  /** The html element's lang. */
  lang: 'en',
  fallbackLink: 'If the button does not work, copy this link into your browser:',
  contactByEmail: (brand: string, email: string) =>
    `Questions? Write to ${brand} customer services at ${email}.`,
  contactByHelp: (brand: string) => `Questions? ${brand} customer services can help:`,
  /** The footer's telephone line, with the opening hours when configured. */
  contactByPhone: (phone: string, hours: string | null) =>
    hours ? `Telephone ${phone} (${hours}).` : `Telephone ${phone}.`,
  /** The opening hours alone, when no telephone is configured. */
  contactHours: (hours: string) => `Customer services are open ${hours}.`,
  greeting: (firstName: string) => `Dear ${firstName},`,

  magicLink: {
    subject: (brand: string) => `Sign in to ${brand}`,
    title: 'Your sign-in link',
    paragraphs: (brand: string, minutes: number) => [
      `Use the button below to sign in to ${brand}.`,
      `The link works once and expires in ${duration(minutes)}.`,
    ],
    action: 'Sign in',
    note: 'If you did not ask to sign in, you can ignore this email: nobody can sign in without the link.',
    reason: (brand: string) =>
      `You received this email because someone asked to sign in to ${brand} with this address.`,
  },
  reauthentication: {
    subject: (brand: string) => `Confirm it is you: ${brand}`,
    title: 'Confirm it is you',
    paragraphs: (brand: string, minutes: number) => [
      `You asked to confirm it is you before changing your ${brand} account.`,
      `Open the link in the same browser. It works once and expires in ${duration(minutes)}.`,
    ],
    action: 'Confirm it is me',
    note: 'If you did not ask for this, you can ignore this email, and you may want to change your password.',
    reason: (brand: string) =>
      `You received this email because someone signed in to your ${brand} account asked to confirm it is them.`,
  },
  passwordReset: {
    subject: (brand: string) => `Reset your ${brand} password`,
    title: 'Reset your password',
    paragraphs: (minutes: number) => [
      'We received a request to reset the password of your membership account.',
      `Choose a new password with the button below. The link works once and expires in ${duration(minutes)}.`,
    ],
    action: 'Choose a new password',
    note: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
    reason: (brand: string) =>
      `You received this email because someone asked to reset the password of the ${brand} account with this address.`,
  },
  passwordChanged: {
    subject: (brand: string) => `Your ${brand} password has been changed`,
    title: 'Your password has been changed',
    paragraphs: (brand: string) => [
      `The password of your ${brand} account was just changed, and your other devices were signed out.`,
      'If this was not you, reset your password now.',
    ],
    action: 'Reset password',
    reason: (brand: string) =>
      `You received this email because the password of your ${brand} account changed. We always tell you.`,
  },
  /** The same email when a member who had no password (joined by link or passkey) sets their first. */
  passwordSet: {
    subject: (brand: string) => `A password has been set for your ${brand} account`,
    title: 'Your password has been set',
    paragraphs: (brand: string) => [
      `A password was just set for your ${brand} account, so it can now be signed in to with it too, and your other devices were signed out.`,
      'If this was not you, reset your password now.',
    ],
    action: 'Reset password',
    reason: (brand: string) =>
      `You received this email because a password was set for your ${brand} account. We always tell you.`,
  },
  newSignIn: {
    subject: (brand: string) => `New sign-in to your ${brand} account`,
    title: 'New sign-in to your account',
    /** `device` is "Chrome on macOS" (deviceName below), `when` the date and time of the sign-in. */
    /** `hasPassword`: what to do if it was not them names the password only to a member who has one. */
    paragraphs: (brand: string, device: string, when: string, hasPassword: boolean) => [
      `Someone has just signed in to your ${brand} account using ${device}, on ${when}. We had not seen this browser before.`,
      'If this was you, there is nothing more to do.',
      hasPassword
        ? 'If it was not you, end that session on your security page and change your password.'
        : 'If it was not you, end that session on your security page and remove any passkey you do not recognise.',
    ],
    action: 'Review where you are signed in',
    reason: (brand: string) =>
      `You received this email because someone signed in to your ${brand} account on a browser we had not seen before. We always tell you.`,
  },
  /** A browser and platform in words: "Chrome on macOS"; either alone when the other is unknown. */
  deviceName: (browser: string | null, platform: string | null) =>
    browser && platform
      ? `${browser} on ${platform}`
      : (browser ?? platform ?? 'a browser we could not identify'),
  invitation: {
    title: (brand: string, invitedBy: string | null) =>
      `${invitedBy ? `${invitedBy} has invited you` : 'You are invited'} to join ${brand}`,
    paragraphs: (brand: string, invitedBy: string | null) => [
      invitedBy
        ? `${invitedBy} would like to welcome you to ${brand}, our VIP scheme. As a member you enjoy:`
        : `We would like to welcome you to ${brand}, our VIP scheme. As a member you enjoy:`,
    ],
    bullets: vipOffer,
    action: 'Accept your invitation',
    expiry: (date: string) => `For your security the link works once and until ${date}.`,
    note: 'If you were not expecting this invitation, you can ignore this email.',
    reason: (brand: string) =>
      `You received this email because ${brand} invited you to join. We will not write again unless you accept.`,
  },
  freshInvitation: {
    title: (brand: string) => `Your new invitation to ${brand}`,
    paragraphs: (invitedBy: string | null) => [
      'For security, the invitation link you opened had expired, so here is a fresh one. Older links no longer work.',
      invitedBy
        ? `${invitedBy} is looking forward to welcoming you. As a member you enjoy:`
        : 'As a member you enjoy:',
    ],
    reason: (brand: string) =>
      `You received this email because an expired ${brand} invitation link was opened.`,
  },
  verification: {
    subject: (brand: string) => `Please verify your email address for ${brand}`,
    title: 'Verify your email address',
    paragraphs: (email: string) => [
      `Please confirm that ${email} is your email address. Until you do, you still earn points on every purchase, but you cannot receive rewards.`,
    ],
    action: 'Verify my email address',
    note: 'If you did not ask for this, you can ignore this email.',
    reason: (brand: string) =>
      `You received this email because this address was given for a ${brand} membership.`,
  },
  /** The link that proves a membership's new address: sent to whoever owns it, maybe not the member. */
  emailChangeProof: {
    subject: (brand: string) => `Please verify your email address: a ${brand} membership asks to use it`,
    title: 'Verify your new email address',
    /** `card` is the card number's last digits; `current` the membership's address, masked, if any. */
    paragraphs: (
      brand: string,
      email: string,
      member: { name: string; card: string; current: string | null },
    ) => [
      `The ${brand} membership of ${member.name} (card ending in ${member.card}${member.current ? `, email address ${member.current}` : ''}) asked to use ${email} as its email address.`,
      'Only that member can confirm it, by opening the link while signed in to that membership. Until then nothing changes.',
    ],
    action: 'Confirm my new email address',
    note: 'If you did not ask for this, ignore this email: your address will not be added to anybody’s membership.',
    reason: (brand: string) =>
      `You received this email because this address was given as the new email address of a ${brand} membership.`,
  },
  /** Sent instead of that link when the address is already another membership's: it names nobody. */
  addressInUse: {
    subject: (brand: string) => `Someone tried to use your email address for another ${brand} membership`,
    title: 'Someone tried to use your email address',
    paragraphs: (brand: string, email: string) => [
      `Someone asked to use ${email} as the email address of another ${brand} membership. It is the address of your membership, so nothing has changed: it stays yours, and no other membership can use it.`,
      'If you have two memberships and this was you, contact customer services. Otherwise there is nothing to do.',
    ],
    action: 'Sign in',
    reason: (brand: string) =>
      `You received this email because it is the address of your ${brand} membership, and we tell you when someone tries to use it.`,
  },
  completeSignup: {
    subject: (brand: string) => `Complete your ${brand} sign-up`,
    title: (brand: string) => `Welcome to ${brand}`,
    paragraphs: [
      'Thank you for joining us in store. Open the link below to confirm your email address and finish your membership.',
    ],
    action: 'Complete my sign-up',
    note: 'If you did not sign up, you can ignore this email.',
    reason: (brand: string) =>
      `You received this email because you signed up to ${brand} in one of our stores.`,
  },
  emailChanged: {
    subject: 'Your email address is being changed',
    title: 'Your email address is being changed',
    paragraphs: (brand: string, newEmail: string) => [
      `We were asked to change the email address of your ${brand} membership to ${newEmail}. We have sent a link to that address; the change takes effect once it is opened, and until then we keep using this address.`,
      'If you asked for this, there is nothing more to do here. If you did not, contact customer services straight away.',
    ],
    action: 'Sign in',
    reason: (brand: string) =>
      `You received this email because it is the address of your ${brand} membership, and we tell you of every change to it.`,
  },
  expiryReminder: {
    /** `points` is formatted ("1,250"), `day` as the app writes dates ("1st March"). */
    subject: (points: string, day: string) => `${points} points expire on ${day}`,
    title: (points: string, day: string) => `${points} points expire on ${day}`,
    paragraphs: (brand: string, points: string, day: string, months: number) => [
      `${points} of your ${brand} points expire on ${day}, ${months === 1 ? 'a month' : `${months} months`} after they were added.`,
      'Your oldest points are always used first, so points you use before then come from these.',
    ],
    action: 'See your points',
    reason: (brand: string) =>
      `You received this email because you chose to hear from ${brand} by email. You can change that in the privacy centre of your account.`,
  },
  /** After joining (an invitation accepted, a sign-up completed or verified): the card, ready to use. */
  welcome: {
    subject: (brand: string) => `Welcome to ${brand}: your membership card`,
    title: (brand: string) => `Welcome to ${brand}`,
    /** `card` is the card number as the card shows it. */
    paragraphs: (brand: string, card: string) => [
      `Your ${brand} membership card is ready. Its number is ${card}.`,
      'Show the card at the till, or give its number when you shop online, and every purchase earns you points. Your account has the barcode to scan.',
      'As a member you enjoy:',
    ],
    bullets: vipOffer,
    action: 'Show my card',
    note: 'Keep the card to hand: add it to Apple Wallet or Google Wallet from your account.',
    reason: (brand: string) => `You received this email because you joined ${brand}.`,
  },
  /** Staff added a purchase the member told us was missing. `day` as the app writes dates. */
  claimApproved: {
    subject: 'Your missing purchase has been added',
    title: 'Your missing purchase has been added',
    paragraphs: (brand: string, order: string, day: string, points: string) => [
      `We have checked the purchase you told us about (order ${order}, ${day}) and added it to your ${brand} membership with ${points} points.`,
    ],
    /** When its points wait for the returns window, as any purchase's do. */
    pending: (day: string) =>
      `As with every purchase, the points count from ${day}, once the returns period ends.`,
    action: 'See your points',
    reason: (brand: string) =>
      `You received this email because you told us about a missing purchase on your ${brand} membership.`,
  },
  /** Staff refused a missing purchase; `reason` is staff's own words to the member. */
  claimRefused: {
    subject: 'About the missing purchase you told us about',
    title: 'We could not add your missing purchase',
    paragraphs: (brand: string, order: string, day: string) => [
      `We have checked the purchase you told us about (order ${order}, ${day}) and could not add it to your ${brand} membership.`,
    ],
    reason: (text: string) => `Our reason: ${text}`,
    /** A claim approved earlier and refused now: its points were taken back. */
    takenBack: (points: string) => `The ${points} points we had added for it have been taken back.`,
    help: 'If you think this is wrong, contact customer services and we will look again.',
    action: 'See your points',
    why: (brand: string) =>
      `You received this email because you told us about a missing purchase on your ${brand} membership.`,
  },
  accountDeleted: {
    subject: 'Your membership has been deleted',
    title: 'Your membership has been deleted',
    paragraphs: (brand: string) => [
      `As you asked, your ${brand} membership has been deleted and you have been signed out everywhere.`,
      'We have erased your name, email address, telephone number, password, passkeys and marketing choices. Your points and rewards have ended.',
      'We keep an anonymous record of past purchases and rewards, with nothing that identifies you, because the law requires us to keep our accounts.',
      'This is the last email you will receive from us about this membership.',
    ],
    reason: (brand: string) => `You received this email because you deleted your ${brand} membership.`,
  },
  /** Marketing mail (marketing-mail/): the footer's one-click unsubscribe. */
  marketing: {
    unsubscribe: 'Unsubscribe from these emails',
    reason: (brand: string) =>
      `You received this email because you chose to hear from ${brand} by email. One click on the link below stops these emails; you can say yes again in the privacy centre of your account.`,
  },
  /** A private sale has started: to eligible members who consent to email. */
  privateSale: {
    subject: (brand: string, sale: string) => `${sale}: a private sale for ${brand} members`,
    title: (sale: string) => `${sale} has started`,
    /** `ends` as the app writes a moment ("24th December 2026 at 18:00 GMT"). */
    paragraphs: (brand: string, ends: string) => [
      `As a ${brand} member you are invited to our private sale. It runs until ${ends}.`,
      'Reveal your code in your account, then use it in our online shop.',
    ],
    action: 'Reveal my code',
  },
  /** A style guide is published: to every member who consents to email. The title is the mail's heading. */
  styleGuide: {
    subject: (brand: string, guide: string) => `${guide}: the new ${brand} style guide`,
    paragraphs: (brand: string) => [
      `Our stylists have written a new style guide for ${brand} members.`,
      'Read it in your account.',
    ],
    action: 'Read the style guide',
  },
  /** Members' events: `when` is the day and time in the event's zone, `where` its place. */
  event: {
    invitation: {
      subject: (brand: string, event: string) => `${event}: an invitation for ${brand} members`,
      title: (event: string) => `You are invited: ${event}`,
      paragraphs: (when: string, where: string, deadline: string) => [
        `${when}, ${where}.`,
        `Please answer by ${deadline}. Places are limited.`,
      ],
      action: 'Answer the invitation',
    },
    promoted: {
      subject: (event: string, when: string) => `A place is yours: ${event}, ${when}`,
      title: 'A place has come free for you',
      action: 'See your ticket',
    },
    cancelled: {
      subject: (event: string, when: string) => `Cancelled: ${event}, ${when}`,
      title: 'The event is cancelled',
      action: 'See your events',
    },
    reminder: {
      subject: (event: string, when: string) => `Tomorrow: ${event}, ${when}`,
      title: 'See you tomorrow',
      action: 'See your ticket',
    },
    promotedText:
      'You were on the waitlist and a place has come free: it is yours. Your ticket is in your account.',
    cancelledText:
      'We are sorry: this event has been cancelled. Your place or your place on the waitlist no longer holds.',
    reminderText: 'Show your ticket at the door: it is in your account.',
    details: (event: string, when: string) => `${event}, ${when}.`,
    where: (place: string, address: string) =>
      address ? `Where: ${place}, ${address}.` : `Where: ${place}.`,
    withGuest: 'Your place is for you and one guest.',
    calendar: 'The calendar file attached adds it to your calendar.',
    cancelledCalendar: 'The calendar file attached removes it from your calendar.',
    reason: (brand: string) => `You received this email because you answered an invitation from ${brand}.`,
  },
  /** Appointments with a stylist: `when` is the day and time in the store's zone, `service` its name. */
  appointment: {
    booked: {
      subject: (service: string, when: string) => `Booked: ${service}, ${when}`,
      title: 'Your appointment is booked',
      action: 'See your appointments',
    },
    moved: {
      subject: (service: string, when: string) => `Moved: ${service}, now ${when}`,
      title: 'Your appointment has moved',
      action: 'See your appointments',
    },
    cancelled: {
      subject: (service: string, when: string) => `Cancelled: ${service}, ${when}`,
      title: 'Your appointment is cancelled',
      action: 'Book another appointment',
    },
    reminder: {
      subject: (service: string, when: string) => `Tomorrow: ${service}, ${when}`,
      title: 'See you tomorrow',
      action: 'See your appointments',
    },
    details: (service: string, stylist: string, when: string) => `${service} with ${stylist}, ${when}.`,
    where: (store: string, address: string) =>
      address ? `Where: ${store}, ${address}.` : `Where: ${store}.`,
    yourNote: (note: string) => `Your note: ${note}`,
    calendar: 'The calendar file attached adds it to your calendar, or updates it there.',
    cancelledCalendar: 'The calendar file attached removes it from your calendar.',
    change: (hours: number) =>
      `You can move or cancel it in your account until ${hours === 1 ? '1 hour' : `${hours} hours`} before it starts.`,
    summary: (service: string, stylist: string) => `${service} with ${stylist}`,
    reason: (brand: string) => `You received this email because of your appointment with ${brand}.`,
  },
};

export type MailWords = typeof mailWordsEnGB;

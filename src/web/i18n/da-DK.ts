import type { CoreMessages } from './en-GB.ts';
import { failuresDaDK } from './failures-da-DK.ts';

/** Danish. Every message of en-GB must be here: the types make a missing one a type error. */
export const daDK: CoreMessages = {
  app: {
    noJavaScript: 'Du skal aktivere JavaScript for at bruge dette websted.',
    loading: 'Indlæser…',
    redirecting: 'Vi sender dig videre til din konto…',
    skipToContent: 'Gå til indhold',
  },
  nav: {
    styleGuides: 'Stilguider',
    myPoints: 'Mine point',
    myDetails: 'Mine oplysninger',
    events: 'Arrangementer',
    helpAndFaq: 'Hjælp og FAQ',
    signOut: 'Log ud',
    openMenu: 'Åbn menu',
    closeMenu: 'Luk menu',
    mainNavigation: 'Hovednavigation',
  },
  titles: {
    signIn: 'Log ind',
    vipSignup: 'VIP-tilmelding',
  },
  landing: {
    welcome: 'Dit medlemskab, belønnet.',
    intro:
      'Private udsalg, prioriteret personlig shopping, invitationer til events og stilguider hver anden uge.',
    signIn: 'Log ind',
    terms: 'Vilkår og betingelser',
    privacyPolicy: 'Privatlivspolitik',
    opensInNewWindow: '(åbner i et nyt vindue)',
  },
  signIn: {
    heading: 'Log ind på din konto',
    byInvitation:
      'Medlemskab sker kun efter invitation. Er du ikke medlem endnu? Spørg i en af vores butikker.',
    email: 'E-mailadresse',
    password: 'Adgangskode',
    forgotPassword: 'Glemt din adgangskode?',
    submit: 'Log ind',
    submitting: 'Logger ind…',
    emailRequired: 'Indtast din e-mailadresse',
    emailInvalid: 'Indtast en gyldig e-mailadresse',
    passwordRequired: 'Indtast din adgangskode',
    failed: 'Beklager, vi kunne ikke logge dig ind. Prøv igen.',
    incorrectPassword: 'Brugernavnet og adgangskoden passer ikke til nogen af de kontooplysninger, vi har.',
    alreadyLoggedIn: 'Du er allerede logget ind.',
    usePassword: 'Log ind med din adgangskode i stedet',
    useLink: 'Send mig et login-link i stedet',
  },
  credentials: {
    magicIntro:
      'Indtast din e-mailadresse, så sender vi dig et link til at logge ind. Ingen adgangskode nødvendig.',
    emailLink: 'Send mig et login-link',
    sending: 'Sender…',
    sentTitle: 'Tjek din e-mail',
    magicSent: (email: string) =>
      `Hvis ${email} tilhører et medlem, har vi sendt et link til at logge ind. Linket virker én gang, i nogle få minutter.`,
    useAnotherEmail: 'Brug en anden e-mailadresse',
    magicRequestFailed: 'Beklager, vi kunne ikke sende dit login-link. Prøv igen.',
    or: 'eller',
    passkeySignIn: 'Brug en adgangsnøgle',
    passkeyWaiting: 'Venter på din adgangsnøgle…',
    passkeysUnsupported: 'Din nuværende browser understøtter ikke adgangsnøgler.',
    passkeyFailed: 'Der opstod et problem med din adgangsnøgle. Prøv igen.',
    passkeyFailOver: (email: string) =>
      `Vi kunne ikke logge dig ind med en adgangsnøgle, så hvis ${email} tilhører et medlem, har vi i stedet sendt et login-link.`,
  },
  help: {
    signInRequired: 'For at se dine kontooplysninger skal du først logge ind',
    signInLink: 'Log ind',
  },
  /** What a failed call shows, by its code. */
  failures: failuresDaDK,
  errors: {
    notFoundTitle: 'Ikke fundet',
    notFoundBody: 'Der er ingen side på denne adresse.',
    methodNotAllowedTitle: 'Metoden er ikke tilladt',
    methodNotAllowedBody: 'Din browser sendte en forespørgsel, vi ikke understøtter.',
    genericTitle: 'Noget gik galt',
    genericBody: 'Beklager, vi har et teknisk problem. Prøv igen om lidt.',
    reload: 'Genindlæs',
    chunkLoadTitle: 'Siden blev ikke indlæst',
    chunkLoadBody: {
      missing: 'Der findes en nyere version af siden. Genindlæs for at fortsætte.',
      timeout: 'Det tog for lang tid at indlæse siden. Tjek din forbindelse, og genindlæs.',
      error: 'Siden kunne ikke indlæses. Tjek din forbindelse, og genindlæs.',
    },
    backHome: 'Tilbage til Mine point',
    backToStart: 'Tilbage til forsiden',
  },
};

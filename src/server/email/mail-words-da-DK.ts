import type { MailWords } from './mail-words-en-GB.ts';

/** The words of every email in Danish; the same shape as mail-words-en-GB.ts. */
function duration(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 time' : `${hours} timer`;
  }
  return minutes === 1 ? '1 minut' : `${minutes} minutter`;
}

const vipOffer = [
  'Private udsalg, før alle andre',
  'Prioriteret personlig shoppingservice',
  'Invitationer til vores arrangementer',
  'Stilguider hver anden uge',
];

export const mailWordsDaDK: MailWords = {
  lang: 'da',
  fallbackLink: 'Hvis knappen ikke virker, så kopiér dette link ind i din browser:',
  contactByEmail: (brand, email) => `Spørgsmål? Skriv til ${brand}s kundeservice på ${email}.`,
  contactByHelp: (brand) => `Spørgsmål? ${brand}s kundeservice kan hjælpe:`,
  contactByPhone: (phone, hours) => (hours ? `Telefon ${phone} (${hours}).` : `Telefon ${phone}.`),
  contactHours: (hours) => `Kundeservice har åbent ${hours}.`,
  greeting: (firstName) => `Kære ${firstName}`,

  magicLink: {
    subject: (brand) => `Log ind på ${brand}`,
    title: 'Dit login-link',
    paragraphs: (brand, minutes) => [
      `Brug knappen nedenfor til at logge ind på ${brand}.`,
      `Linket virker én gang og udløber om ${duration(minutes)}.`,
    ],
    action: 'Log ind',
    note: 'Hvis du ikke har bedt om at logge ind, kan du se bort fra denne e-mail: ingen kan logge ind uden linket.',
    reason: (brand) =>
      `Du modtager denne e-mail, fordi nogen har bedt om at logge ind på ${brand} med denne adresse.`,
  },
  reauthentication: {
    subject: (brand) => `Bekræft, at det er dig: ${brand}`,
    title: 'Bekræft, at det er dig',
    paragraphs: (brand, minutes) => [
      `Du har bedt om at bekræfte, at det er dig, før du ændrer din ${brand}-konto.`,
      `Åbn linket i den samme browser. Det virker én gang og udløber om ${duration(minutes)}.`,
    ],
    action: 'Bekræft, at det er mig',
    note: 'Hvis du ikke har bedt om dette, kan du se bort fra denne e-mail, og du bør måske skifte din adgangskode.',
    reason: (brand) =>
      `Du modtager denne e-mail, fordi nogen, der er logget ind på din ${brand}-konto, har bedt om at bekræfte, at det er dem.`,
  },
  passwordReset: {
    subject: (brand) => `Nulstil din adgangskode til ${brand}`,
    title: 'Nulstil din adgangskode',
    paragraphs: (minutes) => [
      'Vi har modtaget en anmodning om at nulstille adgangskoden til din medlemskonto.',
      `Vælg en ny adgangskode med knappen nedenfor. Linket virker én gang og udløber om ${duration(minutes)}.`,
    ],
    action: 'Vælg en ny adgangskode',
    note: 'Hvis du ikke har bedt om dette, kan du se bort fra denne e-mail: din adgangskode forbliver uændret.',
    reason: (brand) =>
      `Du modtager denne e-mail, fordi nogen har bedt om at nulstille adgangskoden til ${brand}-kontoen med denne adresse.`,
  },
  passwordChanged: {
    subject: (brand) => `Din adgangskode til ${brand} er blevet ændret`,
    title: 'Din adgangskode er blevet ændret',
    paragraphs: (brand) => [
      `Adgangskoden til din ${brand}-konto er lige blevet ændret, og dine andre enheder er blevet logget ud.`,
      'Hvis det ikke var dig, så nulstil din adgangskode nu.',
    ],
    action: 'Nulstil adgangskode',
    reason: (brand) =>
      `Du modtager denne e-mail, fordi adgangskoden til din ${brand}-konto er blevet ændret. Det fortæller vi dig altid.`,
  },
  passwordSet: {
    subject: (brand) => `Der er valgt en adgangskode til din ${brand}-konto`,
    title: 'Din adgangskode er valgt',
    paragraphs: (brand) => [
      `Der er lige blevet valgt en adgangskode til din ${brand}-konto, så du nu også kan logge ind med den, og dine andre enheder er blevet logget ud.`,
      'Hvis det ikke var dig, så nulstil din adgangskode nu.',
    ],
    action: 'Nulstil adgangskode',
    reason: (brand) =>
      `Du modtager denne e-mail, fordi der er valgt en adgangskode til din ${brand}-konto. Det fortæller vi dig altid.`,
  },
  newSignIn: {
    subject: (brand) => `Nyt login på din ${brand}-konto`,
    title: 'Nyt login på din konto',
    paragraphs: (brand, device, when, hasPassword) => [
      `Der er lige blevet logget ind på din ${brand}-konto med ${device} den ${when}. Vi havde ikke set denne browser før.`,
      'Hvis det var dig, behøver du ikke gøre mere.',
      hasPassword
        ? 'Hvis det ikke var dig, så afslut den session på din sikkerhedsside, og skift din adgangskode.'
        : 'Hvis det ikke var dig, så afslut den session på din sikkerhedsside, og fjern de adgangsnøgler, du ikke kender.',
    ],
    action: 'Se, hvor du er logget ind',
    reason: (brand) =>
      `Du modtager denne e-mail, fordi der er logget ind på din ${brand}-konto fra en ny browser. Det fortæller vi dig altid.`,
  },
  deviceName: (browser, platform) =>
    browser && platform
      ? `${browser} på ${platform}`
      : (browser ?? platform ?? 'en browser, vi ikke kunne genkende'),
  invitation: {
    title: (brand, invitedBy) =>
      `${invitedBy ? `${invitedBy} har inviteret dig` : 'Du er inviteret'} til at blive medlem af ${brand}`,
    paragraphs: (brand, invitedBy) => [
      invitedBy
        ? `${invitedBy} vil gerne byde dig velkommen i ${brand}, vores VIP-program. Som medlem får du:`
        : `Vi vil gerne byde dig velkommen i ${brand}, vores VIP-program. Som medlem får du:`,
    ],
    bullets: vipOffer,
    action: 'Tag imod din invitation',
    expiry: (date) => `Af hensyn til din sikkerhed virker linket én gang og indtil ${date}.`,
    note: 'Hvis du ikke ventede denne invitation, kan du se bort fra denne e-mail.',
    reason: (brand) =>
      `Du modtager denne e-mail, fordi ${brand} har inviteret dig til at blive medlem. Vi skriver ikke igen, medmindre du tager imod.`,
  },
  freshInvitation: {
    title: (brand) => `Din nye invitation til ${brand}`,
    paragraphs: (invitedBy) => [
      'Af sikkerhedshensyn var det invitationslink, du åbnede, udløbet, så her er et nyt. Ældre links virker ikke længere.',
      invitedBy
        ? `${invitedBy} glæder sig til at byde dig velkommen. Som medlem får du:`
        : 'Som medlem får du:',
    ],
    reason: (brand) => `Du modtager denne e-mail, fordi et udløbet invitationslink til ${brand} blev åbnet.`,
  },
  verification: {
    subject: (brand) => `Bekræft venligst din e-mailadresse til ${brand}`,
    title: 'Bekræft din e-mailadresse',
    paragraphs: (email) => [
      `Bekræft venligst, at ${email} er din e-mailadresse. Indtil du gør det, optjener du stadig point på hvert køb, men du kan ikke modtage belønninger.`,
    ],
    action: 'Bekræft min e-mailadresse',
    note: 'Hvis du ikke har bedt om dette, kan du se bort fra denne e-mail.',
    reason: (brand) =>
      `Du modtager denne e-mail, fordi denne adresse blev angivet til et ${brand}-medlemskab.`,
  },
  emailChangeProof: {
    subject: (brand) => `Bekræft venligst din e-mailadresse: et ${brand}-medlemskab vil bruge den`,
    title: 'Bekræft din nye e-mailadresse',
    paragraphs: (brand, email, member) => [
      `${brand}-medlemskabet tilhørende ${member.name} (kort, der ender på ${member.card}${member.current ? `, e-mailadresse ${member.current}` : ''}) har bedt om at bruge ${email} som sin e-mailadresse.`,
      'Kun det medlem kan bekræfte det, ved at åbne linket, mens det er logget ind på medlemskabet. Indtil da ændres intet.',
    ],
    action: 'Bekræft min nye e-mailadresse',
    note: 'Hvis du ikke har bedt om dette, så se bort fra denne e-mail: din adresse bliver ikke føjet til nogens medlemskab.',
    reason: (brand) =>
      `Du modtager denne e-mail, fordi denne adresse blev angivet som ny e-mailadresse til et ${brand}-medlemskab.`,
  },
  addressInUse: {
    subject: (brand) => `Nogen har forsøgt at bruge din e-mailadresse til et andet ${brand}-medlemskab`,
    title: 'Nogen har forsøgt at bruge din e-mailadresse',
    paragraphs: (brand, email) => [
      `Nogen har bedt om at bruge ${email} som e-mailadresse til et andet ${brand}-medlemskab. Det er adressen på dit medlemskab, så intet er ændret: den forbliver din, og intet andet medlemskab kan bruge den.`,
      'Hvis du har to medlemskaber, og det var dig, så kontakt kundeservice. Ellers behøver du ikke gøre noget.',
    ],
    action: 'Log ind',
    reason: (brand) =>
      `Du modtager denne e-mail, fordi det er adressen på dit ${brand}-medlemskab, og vi fortæller dig, når nogen forsøger at bruge den.`,
  },
  completeSignup: {
    subject: (brand) => `Gør din tilmelding til ${brand} færdig`,
    title: (brand) => `Velkommen til ${brand}`,
    paragraphs: [
      'Tak, fordi du meldte dig ind hos os i butikken. Åbn linket nedenfor for at bekræfte din e-mailadresse og gøre dit medlemskab færdigt.',
    ],
    action: 'Gør min tilmelding færdig',
    note: 'Hvis du ikke har meldt dig ind, kan du se bort fra denne e-mail.',
    reason: (brand) =>
      `Du modtager denne e-mail, fordi du har meldt dig ind i ${brand} i en af vores butikker.`,
  },
  emailChanged: {
    subject: 'Din e-mailadresse er ved at blive ændret',
    title: 'Din e-mailadresse er ved at blive ændret',
    paragraphs: (brand, newEmail) => [
      `Vi er blevet bedt om at ændre e-mailadressen på dit ${brand}-medlemskab til ${newEmail}. Vi har sendt et link til den adresse; ændringen træder i kraft, når det åbnes, og indtil da bruger vi fortsat denne adresse.`,
      'Hvis det var dig, behøver du ikke gøre mere her. Hvis ikke, så kontakt kundeservice med det samme.',
    ],
    action: 'Log ind',
    reason: (brand) =>
      `Du modtager denne e-mail, fordi det er adressen på dit ${brand}-medlemskab, og vi fortæller dig om enhver ændring af den.`,
  },
  expiryReminder: {
    subject: (points, day) => `${points} point udløber den ${day}`,
    title: (points, day) => `${points} point udløber den ${day}`,
    paragraphs: (brand, points, day, months) => [
      `${points} af dine ${brand}-point udløber den ${day}, ${months === 1 ? 'en måned' : `${months} måneder`} efter at de blev tilføjet.`,
      'Dine ældste point bruges altid først, så point, du bruger inden da, tages af disse.',
    ],
    action: 'Se dine point',
    reason: (brand) =>
      `Du modtager denne e-mail, fordi du har valgt at høre fra ${brand} på e-mail. Du kan ændre det i privatlivscentret på din konto.`,
  },
  welcome: {
    subject: (brand) => `Velkommen til ${brand}: dit medlemskort`,
    title: (brand) => `Velkommen til ${brand}`,
    paragraphs: (brand, card) => [
      `Dit ${brand}-medlemskort er klar. Dets nummer er ${card}.`,
      'Vis kortet ved kassen, eller oplys nummeret, når du handler online, så giver hvert køb dig point. Stregkoden, der skal scannes, finder du på din konto.',
      'Som medlem får du:',
    ],
    bullets: vipOffer,
    action: 'Vis mit kort',
    note: 'Hav kortet ved hånden: føj det til Apple Wallet eller Google Wallet fra din konto.',
    reason: (brand) => `Du modtager denne e-mail, fordi du er blevet medlem af ${brand}.`,
  },
  claimApproved: {
    subject: 'Dit manglende køb er blevet tilføjet',
    title: 'Dit manglende køb er blevet tilføjet',
    paragraphs: (brand, order, day, points) => [
      `Vi har tjekket det køb, du fortalte os om (ordre ${order}, ${day}), og tilføjet det til dit ${brand}-medlemskab med ${points} point.`,
    ],
    pending: (day) => `Som ved alle køb tæller pointene fra den ${day}, når returperioden er slut.`,
    action: 'Se dine point',
    reason: (brand) =>
      `Du modtager denne e-mail, fordi du har fortalt os om et manglende køb på dit ${brand}-medlemskab.`,
  },
  claimRefused: {
    subject: 'Om det manglende køb, du fortalte os om',
    title: 'Vi kunne ikke tilføje dit manglende køb',
    paragraphs: (brand, order, day) => [
      `Vi har tjekket det køb, du fortalte os om (ordre ${order}, ${day}), og kunne ikke tilføje det til dit ${brand}-medlemskab.`,
    ],
    reason: (text) => `Vores begrundelse: ${text}`,
    takenBack: (points) => `De ${points} point, vi havde tilføjet for det, er blevet trukket tilbage.`,
    help: 'Hvis du mener, at det er en fejl, så kontakt kundeservice, så ser vi på det igen.',
    action: 'Se dine point',
    why: (brand) =>
      `Du modtager denne e-mail, fordi du har fortalt os om et manglende køb på dit ${brand}-medlemskab.`,
  },
  accountDeleted: {
    subject: 'Dit medlemskab er blevet slettet',
    title: 'Dit medlemskab er blevet slettet',
    paragraphs: (brand) => [
      `Som du bad om, er dit ${brand}-medlemskab blevet slettet, og du er blevet logget ud overalt.`,
      'Vi har slettet dit navn, din e-mailadresse, dit telefonnummer, din adgangskode, dine adgangsnøgler og dine markedsføringsvalg. Dine point og belønninger er ophørt.',
      'Vi gemmer en anonym oversigt over tidligere køb og belønninger uden noget, der kan identificere dig, fordi loven kræver, at vi fører regnskab.',
      'Dette er den sidste e-mail, du modtager fra os om dette medlemskab.',
    ],
    reason: (brand) => `Du modtager denne e-mail, fordi du har slettet dit ${brand}-medlemskab.`,
  },
  marketing: {
    unsubscribe: 'Afmeld disse e-mails',
    reason: (brand: string) =>
      `Du modtager denne e-mail, fordi du har valgt at høre fra ${brand} på e-mail. Et klik på linket herunder stopper disse e-mails; du kan sige ja igen i privatlivscentret på din konto.`,
  },
  privateSale: {
    subject: (brand: string, sale: string) => `${sale}: et privat udsalg for medlemmer af ${brand}`,
    title: (sale: string) => `${sale} er begyndt`,
    paragraphs: (brand: string, ends: string) => [
      `Som medlem af ${brand} er du inviteret til vores private udsalg. Det varer til ${ends}.`,
      'Se din kode på din konto, og brug den i vores webshop.',
    ],
    action: 'Se min kode',
  },
  styleGuide: {
    subject: (brand: string, guide: string) => `${guide}: den nye stilguide fra ${brand}`,
    paragraphs: (brand: string) => [
      `Vores stylister har skrevet en ny stilguide til medlemmer af ${brand}.`,
      'Læs den på din konto.',
    ],
    action: 'Læs stilguiden',
  },
  event: {
    invitation: {
      subject: (brand, event) => `${event}: en invitation til medlemmer af ${brand}`,
      title: (event) => `Du er inviteret: ${event}`,
      paragraphs: (when, where, deadline) => [
        `${when}, ${where}.`,
        `Svar venligst senest ${deadline}. Der er et begrænset antal pladser.`,
      ],
      action: 'Svar på invitationen',
    },
    promoted: {
      subject: (event, when) => `Der er en plads til dig: ${event}, ${when}`,
      title: 'Der er blevet en plads ledig til dig',
      action: 'Se din billet',
    },
    cancelled: {
      subject: (event, when) => `Aflyst: ${event}, ${when}`,
      title: 'Arrangementet er aflyst',
      action: 'Se dine arrangementer',
    },
    reminder: {
      subject: (event, when) => `I morgen: ${event}, ${when}`,
      title: 'Vi ses i morgen',
      action: 'Se din billet',
    },
    promotedText:
      'Du stod på ventelisten, og der er blevet en plads ledig: den er din. Din billet ligger på din konto.',
    cancelledText:
      'Vi beklager: arrangementet er aflyst. Din plads eller din plads på ventelisten gælder ikke længere.',
    reminderText: 'Vis din billet ved indgangen: den ligger på din konto.',
    details: (event, when) => `${event}, ${when}.`,
    where: (place, address) => (address ? `Sted: ${place}, ${address}.` : `Sted: ${place}.`),
    withGuest: 'Din plads gælder dig og én gæst.',
    calendar: 'Den vedhæftede kalenderfil tilføjer det til din kalender.',
    cancelledCalendar: 'Den vedhæftede kalenderfil fjerner det fra din kalender.',
    reason: (brand) => `Du modtager denne e-mail, fordi du har svaret på en invitation fra ${brand}.`,
  },
  appointment: {
    booked: {
      subject: (service, when) => `Booket: ${service}, ${when}`,
      title: 'Din aftale er booket',
      action: 'Se dine aftaler',
    },
    moved: {
      subject: (service, when) => `Flyttet: ${service}, nu ${when}`,
      title: 'Din aftale er flyttet',
      action: 'Se dine aftaler',
    },
    cancelled: {
      subject: (service, when) => `Aflyst: ${service}, ${when}`,
      title: 'Din aftale er aflyst',
      action: 'Book en ny aftale',
    },
    reminder: {
      subject: (service, when) => `I morgen: ${service}, ${when}`,
      title: 'Vi ses i morgen',
      action: 'Se dine aftaler',
    },
    details: (service, stylist, when) => `${service} med ${stylist}, ${when}.`,
    where: (store, address) => (address ? `Hvor: ${store}, ${address}.` : `Hvor: ${store}.`),
    yourNote: (note) => `Din note: ${note}`,
    calendar: 'Med den vedhæftede kalenderfil kommer aftalen i din kalender, eller den bliver opdateret der.',
    cancelledCalendar: 'Med den vedhæftede kalenderfil bliver aftalen fjernet fra din kalender.',
    change: (hours) =>
      `Du kan flytte eller aflyse den på din konto indtil ${hours === 1 ? '1 time' : `${hours} timer`}, før den begynder.`,
    summary: (service, stylist) => `${service} med ${stylist}`,
    reason: (brand) => `Du modtager denne e-mail på grund af din aftale hos ${brand}.`,
  },
};

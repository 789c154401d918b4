import type { PrivateSalesWords } from './private-sales-en-GB.ts';

/** Private udsalg (Home, afmeldingssiden og konsollen), på dansk. */
export const privateSalesDaDK: PrivateSalesWords = {
  home: {
    heading: 'Privat udsalg',
    endsOn: (ends) => `Til ${ends}`,
    reveal: 'Se min kode',
    revealing: 'Henter kode…',
    yourCode: 'Din kode',
    copy: 'Kopiér kode',
    copied: 'Kopieret',
    shop: 'Gå til udsalget',
    next: 'Næste private udsalg',
    startsOn: (starts) => `Åbner ${starts}`,
    failures: {
      NotEligible: 'Dette private udsalg er for andre medlemsniveauer.',
      SaleNotLive: 'Dette private udsalg er ikke åbent lige nu.',
      CodesRunOut: 'Beklager, alle koder til dette udsalg er givet ud. Kontakt venligst kundeservice.',
    },
  },
  unsubscribe: {
    title: 'Afmeld',
    question: (brand) => `Vil du stoppe markedsførings-e-mails fra ${brand}?`,
    explainer:
      'Du får ikke længere e-mails om private udsalg, arrangementer og stilguider. E-mails om din konto, fx login-links, får du stadig.',
    confirm: 'Afmeld',
    working: 'Afmelder…',
    done: 'Du er afmeldt. Vi sender dig ikke flere markedsførings-e-mails.',
    already: 'Du var allerede afmeldt: intet er ændret.',
    invalid:
      'Dette afmeldingslink er ikke gyldigt. Brug linket i den nyeste e-mail fra os, eller log ind og ændr dit valg under Privatliv.',
    failed: 'Beklager, vi kunne ikke afmelde dig lige nu. Prøv igen.',
    privacy: 'Dine valg om markedsføring finder du under Privatliv på din konto.',
  },
  staff: {
    title: 'Private udsalg',
    intro:
      'Udsalg, som medlemmerne ser på forsiden, mens de kører, med deres kode. Et udsalg annonceres på e-mail, når det starter, til de medlemmer, det er for, og som har sagt ja til e-mails.',
    none: 'Der er endnu ingen private udsalg.',
    columns: { sale: 'Udsalg', when: 'Hvornår', who: 'Hvem', codes: 'Koder' },
    allMembers: 'Alle medlemmer',
    shared: 'Én fælles kode',
    stock: (given, total) => `${given} af ${total} uddelt`,
    revealed: (count) => `${count} vist`,
    download: 'Hent koder (CSV)',
    create: 'Nyt privat udsalg',
    nameEn: 'Navn (engelsk)',
    nameDa: 'Navn (dansk)',
    descriptionEn: 'Beskrivelse (engelsk)',
    descriptionDa: 'Beskrivelse (dansk)',
    startsAt: 'Starter',
    endsAt: 'Slutter',
    levels: 'Rabatniveauer',
    levelsHint: (known) =>
      `Lad feltet stå tomt for alle medlemmer, eller skriv niveauer adskilt af kommaer${known ? ` (ordningens: ${known})` : ''}, fx 20%.`,
    shopUrl: 'Link til webshoppen',
    codeKind: 'Koder',
    codeKinds: {
      shared: 'Én kode til alle medlemmer',
      list: 'En liste med unikke koder',
      generate: 'Dan unikke koder',
    },
    sharedCode: 'Fælles kode',
    codeList: 'Koder, én pr. linje',
    generateCount: 'Antal koder',
    save: 'Opret udsalg',
    saving: 'Opretter…',
    created: 'Det private udsalg er oprettet.',
    addCodes: 'Tilføj koder',
    addThem: 'Tilføj koderne',
    added: 'Koderne er tilføjet.',
    duplicates: (codes) => `Disse koder findes allerede eller står der to gange: ${codes}. Intet blev gemt.`,
    invalid: 'Tjek de markerede felter.',
    fieldWords: {
      startsAt: 'Udsalget kan ikke starte i fortiden.',
      endsAt: 'Udsalget skal slutte efter det starter.',
      levels: 'Angiv procenter som 20% eller ordningens egne niveauer.',
      shopUrl: 'Angiv webshoppens adresse, der begynder med https://',
      codes:
        'Koder består af bogstaver, tal, bindestreger eller understregninger (højst 64) og begynder med et bogstav eller tal.',
    },
  },
};

/**
 * The words of private sales (Home's lazy section, the unsubscribe page and the console's screen),
 * in British English: their own chunk, loaded with those lazy components only.
 */
export const privateSalesEnGB = {
  home: {
    heading: 'Private sale',
    /** `ends` as the app writes a moment. */
    endsOn: (ends: string) => `Until ${ends}`,
    reveal: 'Reveal my code',
    revealing: 'Revealing…',
    yourCode: 'Your code',
    copy: 'Copy code',
    copied: 'Copied',
    shop: 'Shop the sale',
    next: 'Next private sale',
    /** `starts` as the app writes a moment. */
    startsOn: (starts: string) => `Opens ${starts}`,
    /** A reveal's failures by the server's code (the rest: the catalogue's words). */
    failures: {
      NotEligible: 'This private sale is for other membership levels.',
      SaleNotLive: 'This private sale is not open at the moment.',
      CodesRunOut: 'Sorry, every code for this sale has been given out. Please contact customer services.',
    } as Record<string, string>,
  },
  unsubscribe: {
    title: 'Unsubscribe',
    question: (brand: string) => `Stop marketing emails from ${brand}?`,
    explainer:
      'You will no longer receive emails about private sales, events and style guides. Emails about your account, such as sign-in links, still come.',
    confirm: 'Unsubscribe',
    working: 'Unsubscribing…',
    done: 'You are unsubscribed. We will not send you marketing emails any more.',
    already: 'You were already unsubscribed: nothing has changed.',
    invalid:
      'This unsubscribe link is not valid. Please use the link in the newest email from us, or sign in and change your choice in the privacy centre.',
    failed: 'Sorry, we could not unsubscribe you just now. Please try again.',
    privacy: 'Your marketing choices are in the privacy centre of your account.',
  },
  staff: {
    title: 'Private sales',
    intro:
      'Sales members see on Home while they run, with their code. A sale is announced by email at its start to the members it is for who have said yes to email.',
    none: 'There are no private sales yet.',
    columns: { sale: 'Sale', when: 'When', who: 'Who', codes: 'Codes' },
    allMembers: 'All members',
    shared: 'One shared code',
    /** Unique codes: how many members have one, of how many. */
    stock: (given: string, total: string) => `${given} of ${total} given`,
    revealed: (count: string) => `${count} revealed`,
    download: 'Download codes (CSV)',
    create: 'New private sale',
    nameEn: 'Name (English)',
    nameDa: 'Name (Danish)',
    descriptionEn: 'Description (English)',
    descriptionDa: 'Description (Danish)',
    startsAt: 'Starts',
    endsAt: 'Ends',
    levels: 'Discount levels',
    levelsHint: (known: string) =>
      `Leave empty for all members, or list levels separated by commas${known ? ` (the scheme's: ${known})` : ''}, e.g. 20%.`,
    shopUrl: 'Shop link',
    codeKind: 'Codes',
    codeKinds: {
      shared: 'One code shared by every member',
      list: 'A list of unique codes',
      generate: 'Generate unique codes',
    },
    sharedCode: 'Shared code',
    codeList: 'Codes, one a line',
    generateCount: 'How many codes',
    save: 'Create sale',
    saving: 'Creating…',
    created: 'The private sale has been created.',
    addCodes: 'Add codes',
    addThem: 'Add these codes',
    added: 'The codes have been added.',
    duplicates: (codes: string) =>
      `These codes are already there or listed twice: ${codes}. Nothing was saved.`,
    invalid: 'Please check the highlighted fields.',
    /** What is wrong with a field the server refused. */
    fieldWords: {
      startsAt: 'The sale cannot start in the past.',
      endsAt: 'The sale must end after it starts.',
      levels: "Give percentages such as 20%, or the scheme's own levels.",
      shopUrl: "Give the shop's address, starting https://",
      codes: 'Codes are letters, digits, dashes or underscores (up to 64), starting with a letter or digit.',
    } as Record<string, string>,
  },
};

export type PrivateSalesWords = typeof privateSalesEnGB;

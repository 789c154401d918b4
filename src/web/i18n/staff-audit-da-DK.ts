import type { StaffAuditWords } from './staff-audit-en-GB.ts';

/** Konsollens revisionslog og API-nøgler, på dansk. */
export const staffAuditDaDK: StaffAuditWords = {
  audit: {
    title: 'Revisionslog',
    intro: 'Alle medarbejderhandlinger og alle skrivninger via partner-API’et, nyeste først.',
    member: 'Medlem (kortnummer eller e-mail)',
    actorKind: 'Hvem',
    actorKinds: { '': 'Alle', staff: 'Medarbejder', api_key: 'API-nøgle', bootstrap: 'Opstartsnøgle' },
    actor: 'Medarbejderens e-mail eller nøglens navn',
    action: 'Handling (fx member.update eller member.*)',
    from: 'Fra',
    to: 'Til',
    filter: 'Vis',
    download: 'Hent som CSV',
    older: 'Ældre poster',
    none: 'Ingen poster passer.',
    erased: 'anonymiseret',
    columns: { at: 'Hvornår', who: 'Hvem', action: 'Handling', member: 'Medlem', change: 'Ændring' },
  },
  keys: {
    title: 'API-nøgler',
    intro:
      'Navngivne nøgler til kasser, webshoppen og andre systemer. En nøgle vises én gang, når den oprettes.',
    columns: {
      name: 'Navn',
      scopes: 'Adgang',
      created: 'Oprettet',
      lastUsed: 'Sidst brugt',
      state: 'Status',
      action: 'Handling',
    },
    never: 'aldrig',
    live: 'Aktiv',
    revoked: (at: string) => `Tilbagekaldt ${at}`,
    revoke: 'Tilbagekald',
    none: 'Ingen API-nøgler endnu.',
    create: {
      title: 'Opret en API-nøgle',
      name: 'Navn (fx kasse-1)',
      nameProblem: 'Skriv et navn: bogstaver, tal, punktum, bindestreg og understreg.',
      scopes: 'Adgang',
      scopesProblem: 'Vælg mindst én adgang.',
      button: 'Opret nøgle',
    },
    scopeWords: {
      purchases: 'Køb, returneringer og indløsninger',
      members: 'Medlemmer og justeringer',
      invites: 'Invitationer',
    },
    created: (name: string) => `Nøglen ${name} står herunder. Kopiér den nu: den vises ikke igen.`,
  },
};

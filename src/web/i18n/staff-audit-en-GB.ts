/** The words of the console's audit log and API keys pages (staff console chunk), in British English. */
export const staffAuditEnGB = {
  audit: {
    title: 'Audit log',
    intro: 'Every staff action and every partner-API write, newest first.',
    member: 'Member (card number or email)',
    actorKind: 'Who',
    actorKinds: {
      '': 'Anyone',
      staff: 'Staff member',
      api_key: 'API key',
      bootstrap: 'Bootstrap key',
    } as Record<string, string>,
    actor: 'Staff email or key name',
    action: 'Action (e.g. member.update or member.*)',
    from: 'From',
    to: 'To',
    filter: 'Show',
    download: 'Download as CSV',
    older: 'Older entries',
    none: 'No entries match.',
    erased: 'anonymised',
    columns: { at: 'When', who: 'Who', action: 'Action', member: 'Member', change: 'Change' },
  },
  keys: {
    title: 'API keys',
    intro: 'Named keys for tills, the web shop and other systems. A key is shown once, when it is created.',
    columns: {
      name: 'Name',
      scopes: 'Scopes',
      created: 'Created',
      lastUsed: 'Last used',
      state: 'State',
      action: 'Action',
    },
    never: 'never',
    live: 'Active',
    revoked: (at: string) => `Revoked ${at}`,
    revoke: 'Revoke',
    none: 'No API keys yet.',
    create: {
      title: 'Create an API key',
      name: 'Name (e.g. till-1)',
      nameProblem: 'Enter a name: letters, digits, dots, dashes and underscores.',
      scopes: 'Scopes',
      scopesProblem: 'Choose at least one scope.',
      button: 'Create key',
    },
    scopeWords: {
      purchases: 'Purchases, returns and redemptions',
      members: 'Members and adjustments',
      invites: 'Invitations',
    } as Record<string, string>,
    created: (name: string) => `The key ${name} is below. Copy it now: it will not be shown again.`,
  },
};

export type StaffAuditWords = typeof staffAuditEnGB;

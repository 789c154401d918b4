import type { Queryable } from '../db/database.ts';

/**
 * Appends to the consent history (DESIGN: append-only; the current state is the latest row per
 * channel). `source` says where the member answered, e.g. 'invite', 'signup', 'edit-details'.
 * Unknown answers are not recorded: no row means unknown.
 */
export async function recordMarketingConsents(
  db: Queryable,
  accountId: string,
  choices: { email?: boolean | null; whatsapp?: boolean | null },
  source: string,
): Promise<void> {
  for (const channel of ['email', 'whatsapp'] as const) {
    const allow = choices[channel];
    if (allow === null || allow === undefined) continue;
    await db.query(
      'INSERT INTO marketing_consents (account_id, channel, choice, source) VALUES ($1, $2, $3, $4)',
      [accountId, channel, allow ? 'consent' : 'decline', source],
    );
  }
}

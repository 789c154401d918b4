import type { Queryable } from '../db/database.ts';

/** The marketing mails sent to the member, for their data export (not the unsubscribe token's hash). */
export async function marketingMailsForExport(db: Queryable, accountId: string) {
  const rows = await db.query<{
    kind: string;
    campaign_id: string;
    sent_at: Date;
    unsubscribed_at: Date | null;
  }>(
    `SELECT kind, campaign_id, sent_at, unsubscribed_at FROM marketing_mails WHERE account_id = $1 ORDER BY sent_at`,
    [accountId],
  );
  return rows.map((m) => ({
    kind: m.kind,
    campaign: m.campaign_id,
    sentAt: new Date(m.sent_at).toISOString(),
    unsubscribedAt: m.unsubscribed_at ? new Date(m.unsubscribed_at).toISOString() : null,
  }));
}

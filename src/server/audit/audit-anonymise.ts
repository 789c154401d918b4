import type { Queryable } from '../db/database.ts';

/**
 * Text fields of a change that describe the scheme, never the person: kept when a member is
 * deleted, like the ledger keeps channel, store and currency (docs/deletion.md). Every other text
 * value (email, name, card number, order and return ids, reasons, VIP level…) becomes "[erased]".
 */
const keptText = new Set([
  'channel',
  'currency',
  'storeDisplayName',
  'fasciaDisplayName',
  'kind',
  'membershipType',
  'locale',
  'status',
  'scope',
  'scopes',
  'role',
  'discount',
]);

/** A change without personal data: numbers, booleans and the scheme's own words stay. */
function anonymisedChange(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => anonymisedChange(item, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, anonymisedChange(v, k)]),
    );
  }
  if (typeof value === 'string') return keptText.has(key) ? value : '[erased]';
  return value;
}

/**
 * Part of the member's deletion (account-deletion-service.ts, in its transaction): the member's
 * audit rows stay — who did what, when, to which (now anonymous) account — but their change loses
 * the personal data, and rows about the member's email (an invitation) lose the email. The table's
 * trigger allows this one UPDATE, and only of those columns, when loyalty.audit_anonymise is on.
 */
export async function anonymiseAuditOf(tx: Queryable, memberId: string, email: string | null): Promise<void> {
  const rows = await tx.query<{ id: string; change: unknown }>(
    `SELECT id, change FROM audit_log
      WHERE (member_id = $1 OR ($2::text IS NOT NULL AND subject_email = $2)) AND anonymised_at IS NULL`,
    [memberId, email?.toLowerCase() ?? null],
  );
  if (rows.length === 0) return;
  await tx.query("SELECT set_config('loyalty.audit_anonymise', 'on', true)");
  for (const row of rows) {
    await tx.query(
      'UPDATE audit_log SET change = $2, subject_email = NULL, anonymised_at = now() WHERE id = $1',
      [row.id, JSON.stringify(anonymisedChange(row.change))],
    );
  }
  await tx.query("SELECT set_config('loyalty.audit_anonymise', 'off', true)");
}

/**
 * The till's purchase of an order that a member's claim names
 * (docs/decisions/0057-missing-purchases-the-tills-buyer-first.md). Two CTEs to add to the statement that records purchases, after the CTE
 * `rows` holding its answers (columns outcome, id, request_key, loyalty_id):
 *
 * - `claims_seen` locks every claim of a newly recorded order, whatever its state, so an approval in
 *   progress is waited for and seen as it commits (an approval that started after this purchase
 *   committed finds the purchase itself). An approved claim credited by anything else than this
 *   purchase is flagged: `conflict_entry_id` names the buyer's purchase. The claimant keeps the points
 *   until staff settle it (approve: keep them; refuse: take them back).
 * - `claims_audited` writes one `claim.conflict` audit row per newly flagged claim, as the actor
 *   recording the purchase (no row without an actor, as the purchase's own audit row).
 *
 * In the purchase's own statement, so the flag commits with the purchase or not at all; claims are
 * few, and a purchase whose order nobody claimed costs one look-up in purchase_claims_order.
 * `actor` is the number of the statement's parameter holding the audit's actor kind; its id and
 * label follow it.
 */
export function claimConflictCtes(rows: string, actor: number): string {
  return `claims_seen AS (
    UPDATE purchase_claims c
       SET conflict_entry_id = CASE WHEN c.status = 'approved' AND c.conflict_entry_id IS NULL
                                     AND c.ledger_entry_id <> ${rows}.id
                                    THEN ${rows}.id ELSE c.conflict_entry_id END,
           conflict_at = CASE WHEN c.status = 'approved' AND c.conflict_entry_id IS NULL
                               AND c.ledger_entry_id <> ${rows}.id
                              THEN now() ELSE c.conflict_at END
      FROM ${rows}
     WHERE ${rows}.outcome = 'created' AND c.order_id = ${rows}.request_key AND c.status <> 'refused'
    RETURNING c.id, c.account_id, c.order_id, c.conflict_entry_id, ${rows}.id AS purchase_id,
              ${rows}.loyalty_id AS buyer
  ), claims_audited AS (
    INSERT INTO audit_log (actor_kind, actor_id, actor_label, action, member_id, change)
    SELECT $${actor}, $${actor + 1}, $${actor + 2}, 'claim.conflict', s.account_id,
           jsonb_build_object('claim', s.id::text, 'orderId', s.order_id, 'purchaseEntryId',
                              s.purchase_id::text, 'buyer', s.buyer, 'claimantKeepsPoints', true)
      FROM claims_seen s
     WHERE s.conflict_entry_id = s.purchase_id AND $${actor}::text IS NOT NULL
  )`;
}

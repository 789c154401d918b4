-- Missing-purchase claims against the till (issue "Trust under faults", doors found open).
--
-- 1. A kept purchase whose day, store and amount agree, but whose till named a card or email that is
--    not the claimant's (another card, or an email nobody has proved): it waits for staff with the
--    finding reference-differs.
-- 2. A claim staff approved for an order that had not reached us is credited under the claim's own
--    key (claim-<id>), so the till's later purchase of that order still credits its buyer. That
--    purchase flags the approved claim (conflict_entry_id, conflict_at) in the purchase's own
--    statement; staff settle it: keep the claimant's points (conflict_settled_at) or refuse the claim,
--    which takes them back (reversal_entry_id, the return of the claim's purchase).
ALTER TABLE purchase_claims DROP CONSTRAINT purchase_claims_finding_check;
ALTER TABLE purchase_claims ADD CONSTRAINT purchase_claims_finding_check
  CHECK (finding IN ('matched', 'details-differ', 'reference-differs', 'another-card', 'not-found'));

ALTER TABLE purchase_claims
  ADD COLUMN conflict_entry_id bigint REFERENCES ledger_entries (id),
  ADD COLUMN conflict_at timestamptz,
  ADD COLUMN conflict_settled_at timestamptz,
  ADD COLUMN reversal_entry_id bigint REFERENCES ledger_entries (id);

-- A refused claim may keep the credit it had (a conflicted approval taken back by its return).
ALTER TABLE purchase_claims DROP CONSTRAINT purchase_claims_check1;
ALTER TABLE purchase_claims ADD CONSTRAINT purchase_claims_credit_check
  CHECK ((status <> 'approved' OR ledger_entry_id IS NOT NULL)
         AND (status <> 'pending' OR ledger_entry_id IS NULL)
         AND (reversal_entry_id IS NULL OR status = 'refused'));

-- The till's purchase looks for claims of its order id in its own statement.
CREATE INDEX purchase_claims_order ON purchase_claims (order_id);

-- Claims approved before this migration for an order that had not reached us were keyed on the order
-- id, so the till's purchase of it was refused (409): they move to the claim's own key. (A claimed
-- unmatched purchase keeps the till's key: it is the till's own purchase, and its request replays it.)
UPDATE ledger_entries l SET request_key = 'claim-' || c.id
  FROM purchase_claims c
 WHERE c.ledger_entry_id = l.id AND l.kind = 'purchase' AND l.source = 'claim'
   AND l.request_key = c.order_id
   AND NOT EXISTS (SELECT 1 FROM unmatched_purchases u WHERE u.order_id = c.order_id);

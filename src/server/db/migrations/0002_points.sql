-- Points: idempotent partner writes, the display fields of SPEC §3 Transaction, and the links
-- between a return and the purchase it reverses.

-- The caller's key (orderId for purchases, returnId, adjustmentId, redemptionId), and a hash of
-- the request it came with: the same key with the same body answers the stored row, with
-- another body it is refused.
ALTER TABLE ledger_entries ADD COLUMN request_key text;
ALTER TABLE ledger_entries ADD COLUMN request_hash text;
-- A return's purchase (the row whose points it reverses).
ALTER TABLE ledger_entries ADD COLUMN reverses_entry_id bigint REFERENCES ledger_entries (id);
-- The member discount that applied to the order, as the till reports it (SPEC §3 discount).
ALTER TABLE ledger_entries ADD COLUMN discount text;
-- Who wrote the row: partner (till, web shop, staff CLI), member (exchange), demo.
ALTER TABLE ledger_entries ADD COLUMN source text NOT NULL DEFAULT 'partner';

CREATE UNIQUE INDEX ledger_entries_request_key ON ledger_entries (kind, request_key) WHERE request_key IS NOT NULL;
CREATE INDEX ledger_entries_reverses ON ledger_entries (reverses_entry_id) WHERE reverses_entry_id IS NOT NULL;

-- A purchase's points are never negative; a return never adds points; an adjustment is not zero.
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_sign CHECK (
  (kind = 'purchase' AND points >= 0 AND cash = 0)
  OR (kind = 'return' AND points <= 0 AND cash = 0)
  OR (kind = 'adjustment' AND points <> 0 AND cash = 0)
  OR (kind = 'exchange' AND points < 0 AND cash > 0)
  OR (kind = 'redemption' AND points = 0 AND cash < 0)
);

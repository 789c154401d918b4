-- A member recognised in store: staff scan the card and record the visit with one tap. The member's
-- own (exported, erased with the account); the staff member and the store only named.
CREATE TABLE store_visits (
  -- Chosen by the scan screen for each look-up, so a second tap or a retried request records the
  -- same visit once (INSERT ... ON CONFLICT DO NOTHING).
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores (id),
  staff_id uuid REFERENCES staff_members (id) ON DELETE SET NULL,
  visited_at timestamptz NOT NULL DEFAULT now()
);

-- The scan screen's "recent visits": a member's newest first.
CREATE INDEX store_visits_account ON store_visits (account_id, visited_at DESC);

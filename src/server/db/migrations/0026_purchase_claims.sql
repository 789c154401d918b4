-- "A purchase is missing?": purchases that reached the partner API for a card or
-- email no member has, kept so their member can claim them; and the members' claims.

-- A purchase for no known member. Keyed on the order id like a ledger purchase (one order, one row),
-- with the partner's request and its hash, so a retry of the same request answers the same, and the
-- purchase it becomes once claimed answers that request too.
CREATE TABLE unmatched_purchases (
  order_id text PRIMARY KEY,
  -- The card number or email the till sent, as sent (staff read it to spot a mistyped card).
  member_reference text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('ecommerce', 'in-store')),
  store_display_name text,
  fascia_display_name text,
  order_value bigint NOT NULL CHECK (order_value >= 0),
  order_currency text NOT NULL,
  points bigint NOT NULL CHECK (points >= 0),
  purchased_at timestamptz NOT NULL,
  discount text,
  request_hash text NOT NULL,
  request_body jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  -- Who it became a purchase of, and when (NULL until claimed).
  claimed_by uuid REFERENCES accounts (id),
  claimed_at timestamptz
);

CREATE TABLE purchase_claims (
  id bigserial PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  -- What the member reported.
  order_id text NOT NULL,
  purchased_on date NOT NULL,
  channel text NOT NULL CHECK (channel IN ('ecommerce', 'in-store')),
  store text,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused')),
  -- What the check on arrival found, for staff: matched (credited at once), details-differ (an
  -- unmatched purchase with this order id whose date, store or amount differ), another-card (the order
  -- is in another member's history), not-found. Never shown to the member.
  finding text NOT NULL CHECK (finding IN ('matched', 'details-differ', 'another-card', 'not-found')),
  -- Why staff refused it; the member reads it.
  reason text,
  ledger_entry_id bigint REFERENCES ledger_entries (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((status = 'refused') = (reason IS NOT NULL)),
  CHECK ((status = 'approved') = (ledger_entry_id IS NOT NULL)),
  -- A member claims an order once.
  UNIQUE (account_id, order_id)
);

-- The member's claims, newest first; the staff queue, oldest first.
CREATE INDEX purchase_claims_account ON purchase_claims (account_id, created_at DESC);
CREATE INDEX purchase_claims_queue ON purchase_claims (status, created_at, id);

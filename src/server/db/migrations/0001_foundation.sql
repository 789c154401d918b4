-- Foundation: accounts (every Account field of SPEC §3), sessions, the points ledger,
-- burn rates and the append-only marketing consent history.

CREATE SEQUENCE loyalty_number_seq START WITH 100000001;

CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Member id and card number (SPEC §3 loyaltyId/cardNumber), digits with a Luhn check digit.
  loyalty_id text NOT NULL UNIQUE,
  full_name text NOT NULL,
  -- Lowercased; NULL once the account is deleted (the row stays, anonymised, for the ledger).
  email text,
  telephone_number text,
  password_hash text,
  pin text,
  email_verified boolean NOT NULL DEFAULT false,
  verification_sent_at timestamptz,
  currency text NOT NULL DEFAULT 'GBP' CHECK (currency ~ '^[A-Z]{3}$'),
  -- Money in minor units, points as whole points; never negative.
  cash_balance integer NOT NULL DEFAULT 0 CHECK (cash_balance >= 0),
  points_balance integer NOT NULL DEFAULT 0 CHECK (points_balance >= 0),
  vip_level text,
  is_credit boolean NOT NULL DEFAULT false,
  home_origin text,
  can_redeem boolean NOT NULL DEFAULT true,
  can_convert boolean NOT NULL DEFAULT true,
  can_sign_in boolean NOT NULL DEFAULT true,
  under_review boolean NOT NULL DEFAULT false,
  membership_type text NOT NULL DEFAULT 'personal-shopping',
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE UNIQUE INDEX accounts_email_key ON accounts (email);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- The passkey that signed this session in, if any (SPEC §3 Passkey.isActiveSession).
  passkey_id uuid,
  user_agent text
);

CREATE INDEX sessions_account_id ON sessions (account_id);

-- Every change to a member's points or cash balance is one row, written in the transaction
-- that changes the balance.
CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  kind text NOT NULL CHECK (kind IN ('purchase', 'return', 'adjustment', 'exchange', 'redemption')),
  points integer NOT NULL DEFAULT 0,
  cash integer NOT NULL DEFAULT 0,
  -- Purchase points stay pending until confirms_at (the returns window).
  confirms_at timestamptz,
  confirmed_at timestamptz,
  order_id text,
  channel text CHECK (channel IN ('ecommerce', 'in-store')),
  store_display_name text,
  fascia_display_name text,
  order_value integer,
  order_currency text,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_account_created ON ledger_entries (account_id, created_at DESC, id DESC);
CREATE INDEX ledger_entries_pending ON ledger_entries (confirms_at) WHERE confirmed_at IS NULL AND confirms_at IS NOT NULL;

-- SPEC §3 Burn rate: only the first entry (lowest position) is used.
CREATE TABLE burn_rates (
  position integer PRIMARY KEY,
  points_level integer NOT NULL CHECK (points_level > 0),
  cash_value integer NOT NULL CHECK (cash_value > 0)
);

INSERT INTO burn_rates (position, points_level, cash_value) VALUES (1, 500, 500);

-- Append-only consent history; the current state per channel is the latest row (none: unknown).
CREATE TABLE marketing_consents (
  id bigserial PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('email', 'whatsapp')),
  choice text NOT NULL CHECK (choice IN ('consent', 'decline')),
  source text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX marketing_consents_account ON marketing_consents (account_id, channel, recorded_at DESC, id DESC);

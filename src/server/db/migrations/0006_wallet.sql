-- Wallet passes (Apple PassKit web service, onboarding wallet tokens) and the sportswear (Nike)
-- account link. See src/server/wallet/ and src/server/nike-link/.

-- One Apple pass per member. Its serial is random (not the account id). content_hash is the
-- fingerprint of what the pass shows; when it changes, update_seq takes the next value of the
-- sequence, and that number is the "tag" of Apple's "serials updated since" call.
CREATE SEQUENCE wallet_pass_update_seq;

CREATE TABLE wallet_passes (
  serial_number text PRIMARY KEY,
  account_id uuid NOT NULL UNIQUE REFERENCES accounts (id) ON DELETE CASCADE,
  content_hash text NOT NULL,
  update_seq bigint NOT NULL DEFAULT nextval('wallet_pass_update_seq'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A device that added a pass (Apple's "register a device to receive push notifications").
CREATE TABLE wallet_registrations (
  device_library_id text NOT NULL,
  pass_type_id text NOT NULL,
  serial_number text NOT NULL REFERENCES wallet_passes (serial_number) ON DELETE CASCADE,
  push_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_library_id, pass_type_id, serial_number)
);

CREATE INDEX wallet_registrations_serial ON wallet_registrations (serial_number);

-- Server-side secrets kept in the database so every app server shares them (the key that
-- derives each pass's web-service authentication token).
CREATE TABLE wallet_secrets (
  name text PRIMARY KEY,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The onboarding step's wallet token: lets a new member fetch their own passes right after
-- joining, before they have signed in. Stored hashed, expiring, usable only for the passes.
CREATE TABLE wallet_tokens (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX wallet_tokens_expires ON wallet_tokens (expires_at);

-- A started sportswear-account link: the OAuth state (hashed) and PKCE verifier, tied to the
-- session that started it; single use, expiring.
CREATE TABLE nike_link_attempts (
  state_hash text PRIMARY KEY,
  session_token_hash text NOT NULL,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  code_verifier text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX nike_link_attempts_expires ON nike_link_attempts (expires_at);

-- The link itself: keyed by the provider's subject id (never by email); one sportswear account
-- belongs to one member and a member has at most one.
CREATE TABLE nike_links (
  account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  provider_subject text NOT NULL UNIQUE,
  linked_at timestamptz NOT NULL DEFAULT now()
);

-- Authorization codes already used, so a replayed callback is refused (kept as hashes).
CREATE TABLE nike_used_codes (
  code_hash text PRIMARY KEY,
  used_at timestamptz NOT NULL DEFAULT now()
);

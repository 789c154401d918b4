-- Credentials: emailed sign-in and reset tokens, passkeys (WebAuthn), their challenges, and the
-- event log behind throttling and rate limits.

-- Magic-link and password-reset tokens: only the hash is kept; single use, expiring.
CREATE TABLE credential_tokens (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('magic-link', 'password-reset')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX credential_tokens_account ON credential_tokens (account_id, purpose);

-- SPEC §3 Passkey. The credential's public key and signature counter are what sign-in verifies.
CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  -- JSON array of the authenticator's transports (hints for the browser).
  transports text NOT NULL DEFAULT '[]',
  device_type text NOT NULL,
  backed_up boolean NOT NULL DEFAULT false,
  title text NOT NULL,
  key_number integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  last_used_browser text,
  last_used_device_vendor text,
  last_used_os text,
  UNIQUE (account_id, key_number)
);

-- Removing a passkey keeps the session it signed in (the member proved who they were), unmarked.
ALTER TABLE sessions ADD CONSTRAINT sessions_passkey_fk FOREIGN KEY (passkey_id) REFERENCES passkeys (id) ON DELETE SET NULL;

-- WebAuthn challenges: single use, expiring, tied to their flow and to the session (registration)
-- or to the browser's passkey cookie (sign-in).
CREATE TABLE webauthn_challenges (
  challenge_hash text PRIMARY KEY,
  flow text NOT NULL CHECK (flow IN ('registration', 'authentication')),
  binding_hash text NOT NULL,
  account_id uuid REFERENCES accounts (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);

-- One row per counted event (a failed password, a link request); windows are counted over it.
CREATE TABLE rate_limit_events (
  id bigserial PRIMARY KEY,
  bucket text NOT NULL,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX rate_limit_events_lookup ON rate_limit_events (bucket, key, at);

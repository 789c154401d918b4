-- One table for every token a member receives in a link (docs/decisions/0042-one-store-for-the-tokens.md):
-- sign-in, reset and re-confirmation links, email verification and sign-up completion, and the
-- onboarding wallet token. Only the hash is kept; each expires; issuing a new one retires the
-- account's older live ones of the same purpose in the same statement.
CREATE TABLE link_tokens (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('magic-link', 'password-reset', 'reauthentication',
                                           'verify-email', 'complete-signup', 'wallet')),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- The address the link was sent to, where proving it is the point (verify-email, complete-signup).
  email text,
  -- A re-confirmation link works only in the session that asked for it.
  session_token_hash text REFERENCES sessions (token_hash) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CONSTRAINT link_tokens_reauthentication_bound
    CHECK ((purpose = 'reauthentication') = (session_token_hash IS NOT NULL))
);

CREATE INDEX link_tokens_account ON link_tokens (account_id, purpose);
CREATE INDEX link_tokens_expires ON link_tokens (expires_at);

INSERT INTO link_tokens (token_hash, purpose, account_id, session_token_hash, created_at, expires_at, used_at)
  SELECT token_hash, purpose, account_id, session_token_hash, created_at, expires_at, used_at
    FROM credential_tokens;
INSERT INTO link_tokens (token_hash, purpose, account_id, email, created_at, expires_at, used_at)
  SELECT token_hash, purpose, account_id, email, created_at, expires_at, consumed_at FROM email_tokens;
INSERT INTO link_tokens (token_hash, purpose, account_id, created_at, expires_at)
  SELECT token_hash, 'wallet', account_id, created_at, expires_at FROM wallet_tokens;

DROP TABLE credential_tokens;
DROP TABLE email_tokens;
DROP TABLE wallet_tokens;

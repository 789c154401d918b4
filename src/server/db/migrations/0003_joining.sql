-- Joining: invitations (SPEC §4 Invitation), and the emailed tokens of sign-up completion and
-- email verification. Every token is stored hashed, single use and expiring.

CREATE TABLE invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  -- Lowercased.
  email text NOT NULL,
  full_name text NOT NULL,
  -- The stylist or team the invitation is from (shown to the invitee).
  invited_by text,
  -- Staff named the person an existing customer, or an account had this email when invited.
  existing_customer boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  -- Stale: a newer invitation for the same email replaced this one.
  replaced_at timestamptz,
  replaced_by uuid REFERENCES invites (id),
  -- The account created or attached on accept.
  account_id uuid REFERENCES accounts (id) ON DELETE SET NULL
);

CREATE INDEX invites_email_open ON invites (email) WHERE consumed_at IS NULL AND replaced_at IS NULL;

CREATE TABLE email_tokens (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('verify-email', 'complete-signup')),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- The address the token was sent to: verifying proves this one, not a later one.
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);

CREATE INDEX email_tokens_account ON email_tokens (account_id, purpose);

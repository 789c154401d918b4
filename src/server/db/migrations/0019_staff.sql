-- Staff of the scheme (the staff console): their accounts with a role, their passkeys,
-- their sessions, their enrolment links and their WebAuthn challenges. Tables of their own, apart
-- from members' (accounts, passkeys, sessions, link_tokens), so nothing a staff member holds can
-- ever act for a member, nor the reverse (docs/decisions/0055-staff-are-not-members-the-consoles.md).

CREATE TABLE staff_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Lowercased.
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  full_name text NOT NULL,
  -- support < manager < admin: each includes the rights of the ones before it.
  role text NOT NULL CHECK (role IN ('support', 'manager', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- A deactivated staff member keeps their row (who did what stays readable) but cannot sign in.
  deactivated_at timestamptz
);

CREATE TABLE staff_passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports text NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);

CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);

-- Opaque token in the staff cookie, its hash here; idle and absolute expiry (staffSession* keys).
CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  user_agent text
);

CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- The link by which a new staff member registers their passkey: hashed, single use, expiring; a new
-- link retires the older live ones of the same staff member.
CREATE TABLE staff_enrolments (
  token_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX staff_enrolments_staff ON staff_enrolments (staff_id);

-- Challenges of the staff ceremonies: single use, expiring, bound to the enrolment link (enrol) or
-- to the browser's staff sign-in cookie (sign-in).
CREATE TABLE staff_webauthn_challenges (
  challenge_hash text PRIMARY KEY,
  flow text NOT NULL CHECK (flow IN ('enrol', 'sign-in')),
  binding_hash text NOT NULL,
  staff_id uuid REFERENCES staff_members (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

CREATE INDEX staff_webauthn_challenges_expiry ON staff_webauthn_challenges (expires_at);

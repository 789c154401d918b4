-- A lost staff device can be cut off (issue "Trust under faults"): admins list and revoke a staff
-- member's passkeys and sessions, and staff sign-in is throttled per staff account as well as per
-- address (docs/decisions/0071-staff-sign-in-the-accounts-own.md).

-- The id an admin names a staff session by; the primary key is the hash of the cookie's token and
-- never leaves the server.
ALTER TABLE staff_sessions ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE staff_sessions ADD CONSTRAINT staff_sessions_id_key UNIQUE (id);

-- The passkey the session was signed in (or enrolled) with: revoking the passkey ends its sessions.
-- NULL for sessions started before this migration.
ALTER TABLE staff_sessions ADD COLUMN passkey_id uuid REFERENCES staff_passkeys (id) ON DELETE CASCADE;
CREATE INDEX staff_sessions_passkey ON staff_sessions (passkey_id);

-- Browsers a staff member has signed in on: the hash of a long-lived random HttpOnly cookie. A sign-in
-- started from one of them counts against that staff member's own limit, not the shared address's.
CREATE TABLE staff_browsers (
  browser_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX staff_browsers_staff ON staff_browsers (staff_id);
CREATE INDEX staff_browsers_last_seen ON staff_browsers (last_seen_at);

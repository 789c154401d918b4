-- Recent authentication (ASVS 6.2.3): sensitive changes need a sign-in or re-confirmation within
-- recentAuthenticationMinutes. The session remembers when its member last proved who they are.
ALTER TABLE sessions ADD COLUMN authenticated_at timestamptz;
-- Sessions from before this migration were authenticated when they were created.
UPDATE sessions SET authenticated_at = created_at;
ALTER TABLE sessions ALTER COLUMN authenticated_at SET NOT NULL;
ALTER TABLE sessions ALTER COLUMN authenticated_at SET DEFAULT now();

-- An emailed re-confirmation link refreshes the one session that asked for it, so it is bound to it
-- (and dies with it).
ALTER TABLE credential_tokens ADD COLUMN session_token_hash text REFERENCES sessions (token_hash) ON DELETE CASCADE;
ALTER TABLE credential_tokens DROP CONSTRAINT credential_tokens_purpose_check;
ALTER TABLE credential_tokens ADD CONSTRAINT credential_tokens_purpose_check
  CHECK (purpose IN ('magic-link', 'password-reset', 'reauthentication'));
ALTER TABLE credential_tokens ADD CONSTRAINT credential_tokens_reauthentication_bound
  CHECK ((purpose = 'reauthentication') = (session_token_hash IS NOT NULL));

-- A passkey re-confirmation's challenge: bound to the session, for that session's account only.
ALTER TABLE webauthn_challenges DROP CONSTRAINT webauthn_challenges_flow_check;
ALTER TABLE webauthn_challenges ADD CONSTRAINT webauthn_challenges_flow_check
  CHECK (flow IN ('registration', 'authentication', 'reauthentication'));

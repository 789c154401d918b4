-- An invitation's link token lives in link_tokens with every other emailed token
-- (docs/decisions/0042-one-store-for-the-tokens.md): purpose 'invitation', its target the
-- invitation (no account exists yet). The invitation record (who, from whom, consumed, replaced)
-- stays in invites. Links already sent keep working: their hashes move over unchanged.
ALTER TABLE link_tokens ALTER COLUMN account_id DROP NOT NULL;
ALTER TABLE link_tokens ADD COLUMN invite_id uuid REFERENCES invites (id) ON DELETE CASCADE;
ALTER TABLE link_tokens DROP CONSTRAINT link_tokens_purpose_check;
ALTER TABLE link_tokens ADD CONSTRAINT link_tokens_purpose_check
  CHECK (purpose IN ('magic-link', 'password-reset', 'reauthentication', 'verify-email',
                     'complete-signup', 'wallet', 'invitation'));
-- An invitation token targets an invitation; every other token an account.
ALTER TABLE link_tokens ADD CONSTRAINT link_tokens_target
  CHECK (CASE WHEN purpose = 'invitation' THEN invite_id IS NOT NULL AND account_id IS NULL
              ELSE invite_id IS NULL AND account_id IS NOT NULL END);
CREATE INDEX link_tokens_invite ON link_tokens (invite_id) WHERE invite_id IS NOT NULL;

INSERT INTO link_tokens (token_hash, purpose, invite_id, created_at, expires_at, used_at)
  SELECT token_hash, 'invitation', id, created_at, expires_at, COALESCE(consumed_at, replaced_at)
    FROM invites;

ALTER TABLE invites DROP COLUMN token_hash;

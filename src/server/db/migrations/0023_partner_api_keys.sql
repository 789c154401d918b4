-- Named partner API keys: each with scopes, stored as the SHA-256 of the key (the key is
-- 32 random bytes, shown once at creation; a hash of that much entropy cannot be reversed or
-- guessed, so no slow hash is needed and the look-up is one indexed equality).
CREATE TABLE partner_api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- purchases (purchases, returns, redemptions), members, invites: src/server/operator/partner-operations.ts
  scopes text[] NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Who created it (the audit log has the full record).
  created_by text,
  -- Written at most once a minute per key, so the purchase path does not write on every call.
  last_used_at timestamptz,
  revoked_at timestamptz
);

-- A name names one live key (a revoked key's name may be reused by its replacement).
CREATE UNIQUE INDEX partner_api_keys_live_name ON partner_api_keys (lower(name)) WHERE revoked_at IS NULL;

-- Starts a member's session in one round trip. Caller: sessions/session-plugin.ts. History:
-- migration 0053.
CREATE OR REPLACE FUNCTION start_session(
  p_account_id uuid,
  p_token_hash text,
  p_absolute_seconds double precision,
  p_passkey_id uuid,
  p_user_agent text,
  p_browser text,
  p_platform text,
  p_previous_token_hash text,
  p_browser_hash text,
  p_mail_follows boolean,
  p_forgive_bucket text,
  p_forgive_key text,
  p_release_bucket text,
  p_release_key text,
  p_release_at timestamptz
) RETURNS TABLE (member_id uuid, mail_to text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  had_others boolean;
  inserted boolean;
  address text;
BEGIN
  IF p_previous_token_hash IS NOT NULL THEN
    DELETE FROM sessions WHERE token_hash = p_previous_token_hash;
  END IF;
  INSERT INTO sessions (token_hash, account_id, expires_at, passkey_id, user_agent, browser, platform)
  VALUES (p_token_hash, p_account_id, now() + make_interval(secs => p_absolute_seconds), p_passkey_id,
          p_user_agent, p_browser, p_platform);

  had_others := EXISTS (SELECT 1 FROM known_browsers kb WHERE kb.account_id = p_account_id);
  INSERT INTO known_browsers AS kb (account_id, browser_hash) VALUES (p_account_id, p_browser_hash)
  ON CONFLICT (account_id, browser_hash) DO UPDATE SET last_seen_at = now()
  RETURNING (kb.xmax = 0) INTO inserted;

  IF p_forgive_bucket IS NOT NULL THEN
    DELETE FROM rate_limit_counters c WHERE c.bucket = p_forgive_bucket AND c.key = p_forgive_key;
  END IF;
  IF p_release_bucket IS NOT NULL THEN
    UPDATE rate_limit_counters c
       SET hits = c.hits[:array_position(c.hits, p_release_at) - 1]
                  || c.hits[array_position(c.hits, p_release_at) + 1:]
     WHERE c.bucket = p_release_bucket AND c.key = p_release_key AND p_release_at = ANY (c.hits);
  END IF;

  IF inserted AND had_others THEN
    SELECT a.email INTO address FROM accounts a WHERE a.id = p_account_id;
  END IF;
  IF address IS NOT NULL AND NOT p_mail_follows THEN
    RAISE EXCEPTION 'a new browser: the sign-in writes an email' USING ERRCODE = 'LS001';
  END IF;
  RETURN QUERY SELECT p_account_id, address;
END;
$$;

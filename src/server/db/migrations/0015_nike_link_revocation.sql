-- The sportswear link keeps the token that stands for the member's grant at the provider (the
-- refresh token when the provider issued one, else the access token), so unlinking and account
-- deletion can revoke it there (RFC 7009). Links made before this have none: nothing to revoke.
ALTER TABLE nike_links
  ADD COLUMN grant_token text,
  ADD COLUMN grant_token_type text CHECK (grant_token_type IN ('refresh_token', 'access_token'));

-- The account view names the member's personal shopper: who the invitation they accepted was from.
-- The viewer reads it on every page load, so it is an indexed read.
CREATE INDEX invites_account ON invites (account_id) WHERE account_id IS NOT NULL;

-- An email address belongs to an account only once its owner has proved it, by opening a link sent
-- to it (docs/decisions/0013-email-belongs-to-an-account-once.md). A proven address belongs to exactly one account; an unproven one may be
-- claimed by several (a stranger's claim must not stop the owner from joining), and nothing — a till
-- purchase, a staff look-up, a sign-in link — matches it. Proving it ends every other claim.
DROP INDEX accounts_email_key;
CREATE UNIQUE INDEX accounts_proven_email_key ON accounts (email) WHERE email_verified;
CREATE INDEX accounts_email ON accounts (email);

-- A new address the member asked for (an email change, or another address given when accepting an
-- invitation). The account keeps its proven email until the link sent to this one is opened.
ALTER TABLE accounts ADD COLUMN pending_email text;
CREATE INDEX accounts_pending_email ON accounts (pending_email) WHERE pending_email IS NOT NULL;

-- The viewer's per-session cache (viewer/viewer-cache.ts) keeps what the viewer reads
-- from other tables than the account row: pending and matured points, consents, the Nike link, the
-- personal shopper. It is checked on every request by the one query that resolves the session and
-- reads the account row anyway: the cached part is used only while the account's viewer_version is
-- the one it was read with. These triggers bump viewer_version in the transaction of every write to
-- those tables, whatever path makes it (member routes, partner API, console, CLI, sweeps, deletion),
-- so a commit on any server is seen by the next viewer on every server, with no message to deliver.
-- The column is not indexed, so a bump is a HOT update of a row the writer has usually locked already.
ALTER TABLE accounts ADD COLUMN viewer_version bigint NOT NULL DEFAULT 0;

-- (The migration runner splits statements at a semicolon that ends a line: a function's body keeps
-- its inner semicolons mid-line.)

-- OLD is NULL in an INSERT trigger and NEW in a DELETE one, so one statement serves every operation
-- (and both members when a row moves from one to another).
CREATE FUNCTION viewer_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts SET viewer_version = viewer_version + 1 WHERE id IN (OLD.account_id, NEW.account_id); RETURN NULL; END $$;

-- The ledger: only pending rows (confirmed_at NULL, confirms_at set) are read by the viewer; a
-- confirmed row's points are in accounts.points_balance, which the viewer reads fresh every time.
-- So a purchase whose points confirm at once, an exchange or a redemption bumps nothing here.
CREATE TRIGGER viewer_ledger_inserted AFTER INSERT ON ledger_entries
  FOR EACH ROW WHEN (NEW.confirmed_at IS NULL AND NEW.confirms_at IS NOT NULL)
  EXECUTE FUNCTION viewer_changed();

CREATE TRIGGER viewer_ledger_updated AFTER UPDATE ON ledger_entries
  FOR EACH ROW
  WHEN (((OLD.confirmed_at IS NULL AND OLD.confirms_at IS NOT NULL)
         OR (NEW.confirmed_at IS NULL AND NEW.confirms_at IS NOT NULL))
        AND (OLD.account_id, OLD.points, OLD.confirms_at, OLD.confirmed_at)
            IS DISTINCT FROM (NEW.account_id, NEW.points, NEW.confirms_at, NEW.confirmed_at))
  EXECUTE FUNCTION viewer_changed();

CREATE TRIGGER viewer_ledger_deleted AFTER DELETE ON ledger_entries
  FOR EACH ROW WHEN (OLD.confirmed_at IS NULL AND OLD.confirms_at IS NOT NULL)
  EXECUTE FUNCTION viewer_changed();

CREATE TRIGGER viewer_consents_changed AFTER INSERT OR UPDATE OR DELETE ON marketing_consents
  FOR EACH ROW EXECUTE FUNCTION viewer_changed();

CREATE TRIGGER viewer_nike_links_changed AFTER INSERT OR UPDATE OR DELETE ON nike_links
  FOR EACH ROW EXECUTE FUNCTION viewer_changed();

-- Invitations: the personal shopper is the newest accepted invitation's invited_by.
CREATE TRIGGER viewer_invites_inserted AFTER INSERT ON invites
  FOR EACH ROW WHEN (NEW.account_id IS NOT NULL)
  EXECUTE FUNCTION viewer_changed();

CREATE TRIGGER viewer_invites_updated AFTER UPDATE ON invites
  FOR EACH ROW
  WHEN ((OLD.account_id, OLD.invited_by, OLD.consumed_at, OLD.created_at)
        IS DISTINCT FROM (NEW.account_id, NEW.invited_by, NEW.consumed_at, NEW.created_at))
  EXECUTE FUNCTION viewer_changed();

CREATE TRIGGER viewer_invites_deleted AFTER DELETE ON invites
  FOR EACH ROW WHEN (OLD.account_id IS NOT NULL)
  EXECUTE FUNCTION viewer_changed();

-- The burn rate is the same for every member: each server keeps it once (viewer-cache.ts) with the
-- revision it was read at, and the viewer's query reads this one row to check it.
CREATE TABLE burn_rate_revision (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  revision bigint NOT NULL
);

INSERT INTO burn_rate_revision (revision) VALUES (1);

CREATE FUNCTION burn_rates_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE burn_rate_revision SET revision = revision + 1; RETURN NULL; END $$;

CREATE TRIGGER burn_rates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON burn_rates
  FOR EACH STATEMENT EXECUTE FUNCTION burn_rates_changed();

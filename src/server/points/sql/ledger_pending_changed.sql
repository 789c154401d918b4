-- The ledger's row triggers (viewer_ledger_inserted, _updated, _deleted): a pending row written, moved
-- or confirmed bumps its member's viewer version and moves their kept pending_points by the change.
-- OLD is NULL on insert and NEW on delete, so one statement serves every operation. History: 0056.
CREATE OR REPLACE FUNCTION ledger_pending_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts a
     SET viewer_version = a.viewer_version + 1,
         pending_points = a.pending_points
           + CASE WHEN a.id = NEW.account_id AND NEW.confirmed_at IS NULL AND NEW.confirms_at IS NOT NULL THEN NEW.points ELSE 0 END
           - CASE WHEN a.id = OLD.account_id AND OLD.confirmed_at IS NULL AND OLD.confirms_at IS NOT NULL THEN OLD.points ELSE 0 END
   WHERE a.id IN (OLD.account_id, NEW.account_id); RETURN NULL; END $$;

-- A pending row inserted. A writer that does this bookkeeping in its own statements (the purchase
-- functions, which hold the member's row anyway) says so in the row it inserts: bookkept_by_writer.
CREATE OR REPLACE TRIGGER viewer_ledger_inserted AFTER INSERT ON ledger_entries
  FOR EACH ROW
  WHEN (NEW.confirmed_at IS NULL AND NEW.confirms_at IS NOT NULL AND NOT NEW.bookkept_by_writer)
  EXECUTE FUNCTION ledger_pending_changed();

-- A ledger row inserted changes its member's wallet pass. A row trigger, so that a writer that does
-- this itself (the purchase functions, in the statements they run anyway) stands it aside in the row
-- it inserts (bookkept_by_writer); every app writer inserts one row per statement. Updates of ledger
-- rows keep the statement trigger (wallet_mark_changed_from_ledger).
CREATE OR REPLACE FUNCTION wallet_mark_changed_from_ledger_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallet_passes SET change_seq = change_seq + 1 WHERE account_id = NEW.account_id; RETURN NULL; END $$;

CREATE OR REPLACE TRIGGER wallet_ledger_inserted AFTER INSERT ON ledger_entries
  FOR EACH ROW WHEN (NOT NEW.bookkept_by_writer)
  EXECUTE FUNCTION wallet_mark_changed_from_ledger_row();

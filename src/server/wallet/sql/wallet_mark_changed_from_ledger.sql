-- Ledger rows written or changed: their members' wallet passes change (the statement's transition
-- table holds the rows). History: migration 0017.
CREATE OR REPLACE FUNCTION wallet_mark_changed_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallet_passes p SET change_seq = p.change_seq + 1
    FROM (SELECT DISTINCT account_id FROM changed_entries) c
   WHERE p.account_id = c.account_id; RETURN NULL; END $$;

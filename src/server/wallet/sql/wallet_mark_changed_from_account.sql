-- A member's balance, name, currency, card or deletion changed: their wallet pass changes. History:
-- migration 0017.
CREATE OR REPLACE FUNCTION wallet_mark_changed_from_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallet_passes SET change_seq = change_seq + 1 WHERE account_id = NEW.id; RETURN NULL; END $$;

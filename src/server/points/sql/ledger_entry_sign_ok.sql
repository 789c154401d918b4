-- The ledger's sign rule per kind, the CHECK constraint ledger_entries_sign (a PL/pgSQL call that
-- PostgreSQL compiles once per connection, not a long expression parsed by every writing statement).
-- History: migrations 0001, 0051.
CREATE OR REPLACE FUNCTION ledger_entry_sign_ok(entry_kind text, entry_points bigint, entry_cash bigint)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN CASE entry_kind
    WHEN 'purchase' THEN entry_points >= 0 AND entry_cash = 0
    WHEN 'return' THEN entry_points <= 0 AND entry_cash = 0
    WHEN 'adjustment' THEN entry_points <> 0 AND entry_cash = 0
    WHEN 'exchange' THEN entry_points < 0 AND entry_cash > 0
    WHEN 'redemption' THEN entry_points = 0 AND entry_cash < 0
    WHEN 'expiry' THEN entry_points < 0 AND entry_cash = 0
    ELSE false
  END;
END $$;

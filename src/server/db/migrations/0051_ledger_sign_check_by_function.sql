-- The ledger's sign rule (0001's ledger_entries_sign) as one call instead of a long expression (issue
-- 13 §4). PostgreSQL 15 reads a table's CHECK expressions from their stored text and compiles them
-- for every statement that writes a row (ExecRelCheck): this one is 7.4 KB of node text, 60% of what
-- a purchase's statements parse, and perf put that parsing at 6-7% of the backend's time per single
-- purchase. The rule is the same, row by row (every column it reads is NOT NULL, so it is never
-- NULL); the stored expression is now a call of a PL/pgSQL function, which PostgreSQL compiles once
-- per connection. Existing rows satisfy it (the old constraint held them to the same rule).
CREATE FUNCTION ledger_entry_sign_ok(entry_kind text, entry_points bigint, entry_cash bigint)
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

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_sign;

ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_sign CHECK (ledger_entry_sign_ok(kind, points, cash));

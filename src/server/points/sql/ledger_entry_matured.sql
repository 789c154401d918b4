-- The rule "a pending row has matured": its returns window has passed and it is not yet confirmed.
-- Confirming matured points sets confirmed_at = now() on exactly these rows, in every writer: the
-- TypeScript commands (pending-points.ts confirmMatured) and the purchase functions. A plain SQL
-- expression, so the planner inlines it: each caller's statement is planned as if written out (the
-- partial indexes on pending rows still match).
CREATE OR REPLACE FUNCTION ledger_entry_matured(p_confirmed_at timestamptz, p_confirms_at timestamptz)
RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT p_confirmed_at IS NULL AND p_confirms_at IS NOT NULL AND p_confirms_at <= now()
$$;

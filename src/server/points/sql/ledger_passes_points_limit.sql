-- The points limit: a write adding points may not take what a member holds, confirmed and pending
-- together (`p_held`), past `p_max` (ledgerLimits.maxPoints, which the callers pass). A write that adds
-- nothing is never refused by it. Used by pending-points.ts checkPointsLimit and the purchase
-- functions; inlined by the planner wherever it is called from SQL.
CREATE OR REPLACE FUNCTION ledger_passes_points_limit(p_held bigint, p_adding bigint, p_max bigint)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_adding > 0 AND p_held + p_adding > p_max
$$;

-- A set of purchases in one call (purchase groups and partner batches): a set of more than 10 first
-- tries record_purchases_lock_last (writes first, locks last); otherwise, or when that gives way, it
-- locks the members in id order and runs record_purchases_set (at most 10) or record_purchases_batch.
-- Writes the audit rows of what it created. Caller: points/purchase-batch.ts. History: migrations
-- 0032, 0047, 0048, 0056, 0057, 0058, 0060, 0061. Rules and tests: docs/ledger.md.
CREATE OR REPLACE FUNCTION record_purchases(
  p_members text[],
  p_order_ids text[],
  p_channels text[],
  p_stores text[],
  p_fascias text[],
  p_values integer[],
  p_currencies text[],
  p_points integer[],
  p_purchased_at timestamptz[],
  p_discounts text[],
  p_hashes text[],
  p_returns_window_days integer,
  p_source text,
  p_max_points bigint,
  p_actor_kind text,
  p_actor_id text,
  p_actor_label text,
  p_action text,
  p_changes jsonb
) RETURNS TABLE (idx integer, outcome text, loyalty_id text, entry ledger_entries, pass_changed boolean)
LANGUAGE plpgsql VOLATILE
SET jit = off
AS $$
DECLARE
  refs text[];
  locked uuid[];
  small boolean := cardinality(p_order_ids) <= 10;
BEGIN
  IF NOT small THEN
    BEGIN
      RETURN QUERY SELECT * FROM record_purchases_lock_last(p_members, p_order_ids, p_channels,
        p_stores, p_fascias, p_values, p_currencies, p_points, p_purchased_at, p_discounts, p_hashes,
        p_returns_window_days, p_source, p_max_points, p_actor_kind, p_actor_id, p_actor_label,
        p_action, p_changes);
      RETURN;
    EXCEPTION WHEN SQLSTATE 'LP001' OR lock_not_available OR foreign_key_violation THEN
      -- Everything it wrote is undone: recorded below, members first.
    END;
  END IF;

  -- purchase_member's rule (0032) for all the set's cards and emails at once: each looked up in its
  -- index, then each member locked in id order (the nested loop takes them in k's order).
  refs := ARRAY(SELECT DISTINCT btrim(m) FROM unnest(p_members) m);
  SELECT COALESCE(array_agg(l.id ORDER BY l.id), '{}') INTO locked
    FROM (SELECT DISTINCT found.id
            FROM unnest(refs) r
            CROSS JOIN LATERAL (SELECT c.id FROM accounts c WHERE c.loyalty_id = r
                                UNION ALL
                                SELECT e.id FROM accounts e WHERE e.email = lower(r) AND e.email_verified) found
           ORDER BY found.id) k
    CROSS JOIN LATERAL (SELECT a.id FROM accounts a WHERE a.id = k.id AND a.deleted_at IS NULL FOR UPDATE) l;

  RETURN QUERY
    WITH r AS MATERIALIZED (
      -- One of the two runs (a false constant filter leaves the other unexecuted).
      SELECT * FROM record_purchases_set(p_members, p_order_ids, p_channels, p_stores, p_fascias,
        p_values, p_currencies, p_points, p_purchased_at, p_discounts, p_hashes, p_returns_window_days,
        p_source, p_max_points, locked) WHERE small
      UNION ALL
      SELECT * FROM record_purchases_batch(p_members, p_order_ids, p_channels, p_stores, p_fascias,
        p_values, p_currencies, p_points, p_purchased_at, p_discounts, p_hashes, p_returns_window_days,
        p_source, p_max_points, locked) WHERE NOT small
    ), audited AS (
      INSERT INTO audit_log (actor_kind, actor_id, actor_label, action, member_id, change)
      SELECT p_actor_kind, p_actor_id, p_actor_label, p_action, (r.entry).account_id,
             (p_changes -> (r.idx - 1)) || jsonb_build_object('entryId', (r.entry).id::text)
        FROM r WHERE r.outcome = 'created' AND p_actor_kind IS NOT NULL
       ORDER BY r.idx
    )
    SELECT r.idx, r.outcome, r.loyalty_id, r.entry,
           r.outcome = 'created'
             AND EXISTS (SELECT 1 FROM wallet_passes w WHERE w.account_id = (r.entry).account_id)
      FROM r;
END;
$$;

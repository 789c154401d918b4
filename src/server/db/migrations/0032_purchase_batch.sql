-- A batch of purchases set-based: one call of record_purchases writes up to 500
-- purchases with a handful of statements instead of one transaction each.
--
-- The caller (purchase-batch.ts) sends each order id once, items validated, in the order given. The
-- function first locks every member of the batch, in one order (two batches sharing members cannot
-- deadlock); the second statement then starts after the locks, so its snapshot holds everything the
-- previous holders committed (see 0031 for why that matters), and does the rest at once: answers the
-- order ids already recorded, confirms the members' matured points, checks the points limit with a
-- running sum per member, inserts, and credits each member once.
--
-- Outcomes per item (idx is its 1-based place): created, replayed, key-reused, member-not-found, and
-- retry — the item was not written here and the caller records it on its own with record_purchase,
-- in order: every item of a member whose running sum passes the limit somewhere in the batch (one by
-- one, a smaller purchase after a refused one may still fit), and an order id another transaction
-- inserted while this one ran.
CREATE FUNCTION purchase_member(p_ref text) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT a.id FROM accounts a
   WHERE (a.loyalty_id = btrim(p_ref) OR (a.email = lower(btrim(p_ref)) AND a.email_verified))
     AND a.deleted_at IS NULL
$$;

CREATE FUNCTION record_purchases(
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
  p_max_points bigint
) RETURNS TABLE (idx integer, outcome text, loyalty_id text, entry ledger_entries)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM accounts a
   WHERE a.id IN (SELECT purchase_member(m) FROM unnest(p_members) m) AND a.deleted_at IS NULL
   ORDER BY a.id
   FOR UPDATE;

  RETURN QUERY
  WITH items AS (
    SELECT i.n AS idx, purchase_member(p_members[i.n]) AS account_id, p_order_ids[i.n] AS order_id,
           p_channels[i.n] AS channel, p_stores[i.n] AS store, p_fascias[i.n] AS fascia,
           p_values[i.n] AS order_value, p_currencies[i.n] AS currency, p_points[i.n] AS points,
           COALESCE(p_purchased_at[i.n], now()) AS purchased_at, p_discounts[i.n] AS discount,
           p_hashes[i.n] AS hash,
           COALESCE(p_purchased_at[i.n], now()) + make_interval(days => p_returns_window_days) AS confirms_at
      FROM generate_subscripts(p_order_ids, 1) AS i(n)
  ), priors AS (
    SELECT it.idx, l AS row FROM items it
      JOIN ledger_entries l ON l.kind = 'purchase' AND l.request_key = it.order_id
  ), fresh AS (
    SELECT it.* FROM items it
     WHERE it.account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM priors p WHERE p.idx = it.idx)
  ), confirmed AS (
    UPDATE ledger_entries l SET confirmed_at = now()
     WHERE l.account_id IN (SELECT f.account_id FROM fresh f) AND l.confirmed_at IS NULL
       AND l.confirms_at IS NOT NULL AND l.confirms_at <= now()
    RETURNING l.account_id, l.points
  ), holdings AS (
    -- Confirmed and pending together (confirming matured points does not change the sum).
    SELECT a.id AS account_id,
           a.points_balance + COALESCE((SELECT SUM(l.points) FROM ledger_entries l
                                         WHERE l.account_id = a.id AND l.confirmed_at IS NULL
                                           AND l.confirms_at IS NOT NULL), 0) AS held
      FROM accounts a WHERE a.id IN (SELECT f.account_id FROM fresh f)
  ), running AS (
    SELECT f.idx, f.account_id,
           h.held + SUM(f.points) OVER (PARTITION BY f.account_id ORDER BY f.idx) AS reaches
      FROM fresh f JOIN holdings h ON h.account_id = f.account_id
  ), blocked AS (
    SELECT DISTINCT r.account_id FROM running r WHERE r.reaches > p_max_points
  ), inserted AS (
    INSERT INTO ledger_entries AS l (account_id, kind, points, confirms_at, confirmed_at, order_id, channel,
      store_display_name, fascia_display_name, order_value, order_currency, created_at, request_key,
      request_hash, discount, source)
    SELECT f.account_id, 'purchase', f.points, f.confirms_at,
           CASE WHEN f.confirms_at <= now() THEN now() END, f.order_id, f.channel, f.store, f.fascia,
           f.order_value, f.currency, f.purchased_at, f.order_id, f.hash, f.discount, p_source
      FROM fresh f
     WHERE f.account_id NOT IN (SELECT b.account_id FROM blocked b)
     ORDER BY f.idx
    ON CONFLICT (kind, request_key) WHERE request_key IS NOT NULL DO NOTHING
    RETURNING l.*
  ), credits AS (
    SELECT c.account_id, SUM(c.points) AS points
      FROM (SELECT cf.account_id, cf.points FROM confirmed cf
            UNION ALL
            SELECT ins.account_id, ins.points FROM inserted ins WHERE ins.confirmed_at IS NOT NULL) c
     GROUP BY c.account_id
  ), credited AS (
    UPDATE accounts a SET points_balance = a.points_balance + cr.points
      FROM credits cr WHERE a.id = cr.account_id AND cr.points <> 0
    RETURNING a.id
  )
  SELECT it.idx,
         CASE
           WHEN p.idx IS NOT NULL THEN CASE WHEN (p.row).request_hash = it.hash THEN 'replayed' ELSE 'key-reused' END
           WHEN it.account_id IS NULL THEN 'member-not-found'
           WHEN ins.id IS NOT NULL THEN 'created'
           ELSE 'retry'
         END,
         a.loyalty_id,
         CASE WHEN p.idx IS NOT NULL THEN p.row WHEN ins.id IS NOT NULL THEN ROW(ins.*)::ledger_entries END
    FROM items it
    LEFT JOIN priors p ON p.idx = it.idx
    LEFT JOIN inserted ins ON ins.request_key = it.order_id AND p.idx IS NULL
    LEFT JOIN accounts a ON a.id = COALESCE((p.row).account_id, it.account_id)
   ORDER BY it.idx;
END;
$$;

-- A batch of more than 10 purchases whose members record_purchases has locked: record_purchases_set's
-- statement, its items and locked members read through purchase_batch_items and
-- purchase_batch_members (ROWS 500), so its kept generic plan fits a batch. Change both together.
-- History: migration 0060.
CREATE OR REPLACE FUNCTION record_purchases_batch(
  p_members text[], p_order_ids text[], p_channels text[], p_stores text[], p_fascias text[],
  p_values integer[], p_currencies text[], p_points integer[], p_purchased_at timestamptz[],
  p_discounts text[], p_hashes text[], p_returns_window_days integer, p_source text,
  p_max_points bigint, p_locked uuid[]
) RETURNS TABLE (idx integer, outcome text, loyalty_id text, entry ledger_entries)
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
AS $$ BEGIN RETURN QUERY 
  WITH members AS MATERIALIZED (
    -- One look-up in the primary key per locked member (OFFSET 0 keeps it one, whatever the plan),
    -- and where its row is: `credited` updates the rows there (they are locked, so they stay put).
    SELECT a.id, a.loyalty_id, a.email, a.email_verified, a.points_balance, a.pending_points, a.at
      FROM purchase_batch_members($15) k(id)
      CROSS JOIN LATERAL (SELECT a.*, a.ctid AS at FROM accounts a WHERE a.id = k.id OFFSET 0) a
  ), given AS (
    SELECT g.n::integer AS idx, btrim(g.member) AS ref, g.order_id, g.channel, g.store, g.fascia,
           g.order_value, g.currency, g.points, COALESCE(g.purchased_at, now()) AS purchased_at,
           g.discount, g.hash
      FROM purchase_batch_items($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) AS g
  ), items AS MATERIALIZED (
    -- A card first, as purchase_member: a loyalty id is digits, never an email.
    SELECT g.*, COALESCE(bycard.id, bymail.id) AS account_id,
           COALESCE(bycard.loyalty_id, bymail.loyalty_id) AS card,
           g.purchased_at + make_interval(days => $12) AS confirms_at
      FROM given g
      LEFT JOIN members bycard ON bycard.loyalty_id = g.ref
      LEFT JOIN members bymail ON bymail.email = lower(g.ref) AND bymail.email_verified
  ), priors AS MATERIALIZED (
    SELECT it.idx, prior.row
      FROM items it
      -- OFFSET 0 keeps this a look-up per item in the unique index: pulled up into a join, it
      -- became a scan of every purchase row wherever the table's statistics were behind.
      JOIN LATERAL (SELECT l AS row FROM ledger_entries l
                     WHERE l.kind = 'purchase' AND l.request_key = it.order_id OFFSET 0) prior ON true
  ), fresh AS MATERIALIZED (
    SELECT it.* FROM items it
     WHERE it.account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM priors p WHERE p.idx = it.idx)
  ), buyers AS MATERIALIZED (
    SELECT DISTINCT f.account_id FROM fresh f
  ), confirmed AS (
    -- The buyers as one array: an index condition whichever of the two pending indexes the plan
    -- takes, so it never walks every pending row (as a semi-join it could, in a plan made while the
    -- ledger was small and then kept).
    UPDATE ledger_entries l SET confirmed_at = now()
     WHERE l.account_id = ANY (ARRAY(SELECT b.account_id FROM buyers b))
       AND ledger_entry_matured(l.confirmed_at, l.confirms_at)
    RETURNING l.account_id, l.points
  ), holdings AS MATERIALIZED (
    -- Confirmed and pending together, the kept sum (confirming matured points does not change it).
    SELECT b.account_id, m.points_balance + m.pending_points AS held
      FROM buyers b JOIN members m ON m.id = b.account_id
  ), running AS (
    SELECT f.idx, f.account_id, h.held,
           SUM(f.points) OVER (PARTITION BY f.account_id ORDER BY f.idx) AS adding
      FROM fresh f JOIN holdings h ON h.account_id = f.account_id
  ), blocked AS (
    -- The points limit, at each of the member's purchases in turn.
    SELECT DISTINCT r.account_id FROM running r WHERE ledger_passes_points_limit(r.held, r.adding, $14)
  ), inserted AS (
    INSERT INTO ledger_entries AS l (account_id, kind, points, confirms_at, confirmed_at, order_id, channel,
      store_display_name, fascia_display_name, order_value, order_currency, created_at, request_key,
      request_hash, discount, source, bookkept_by_writer)
    -- bookkept_by_writer: this statement does the rows' bookkeeping (`credited`, `passes`), so the
    -- ledger's insert triggers stand aside for them.
    SELECT f.account_id, 'purchase', f.points, f.confirms_at,
           CASE WHEN f.confirms_at <= now() THEN now() END, f.order_id, f.channel, f.store, f.fascia,
           f.order_value, f.currency, f.purchased_at, f.order_id, f.hash, f.discount, $13, true
      FROM fresh f
     WHERE f.account_id NOT IN (SELECT b.account_id FROM blocked b)
     ORDER BY f.idx
    ON CONFLICT (kind, request_key) WHERE request_key IS NOT NULL DO NOTHING
    RETURNING l.*
  ), changes AS (
    -- Per member: the points that now count, and the pending rows added (what the viewer reads besides
    -- the balance: each bumps viewer_version once, and their points join the kept sum). The
    -- matured rows confirmed above leave the kept sum through the ledger's update trigger.
    SELECT c.account_id, SUM(c.points) AS points, SUM(c.pending_points) AS pending_points,
           bool_or(c.pending) AS pending
      FROM (SELECT cf.account_id, cf.points, 0 AS pending_points, false AS pending FROM confirmed cf
            UNION ALL
            SELECT ins.account_id, CASE WHEN ins.confirmed_at IS NOT NULL THEN ins.points ELSE 0 END,
                   CASE WHEN ins.confirmed_at IS NULL AND ins.confirms_at IS NOT NULL THEN ins.points ELSE 0 END,
                   ins.confirmed_at IS NULL AND ins.confirms_at IS NOT NULL
              FROM inserted ins) c
     GROUP BY c.account_id
  ), credited AS (
    UPDATE accounts a
       SET points_balance = a.points_balance + ch.points,
           pending_points = a.pending_points + ch.pending_points,
           viewer_version = a.viewer_version + CASE WHEN ch.pending THEN 1 ELSE 0 END
      FROM changes ch
     WHERE a.ctid = ANY (ARRAY(SELECT m.at FROM members m)) AND a.id = ch.account_id
       AND (ch.points <> 0 OR ch.pending)
    RETURNING a.id
  ), passes AS (
    -- The wallet trigger's work (0017): any ledger row written changes the member's pass, once.
    -- The members as one array, looked up in the unique index (as a semi-join the planner scanned
    -- every pass once there were a few thousand).
    UPDATE wallet_passes p SET change_seq = p.change_seq + 1
     WHERE p.account_id = ANY (ARRAY(SELECT DISTINCT ins.account_id FROM inserted ins))
    RETURNING p.account_id
  )
  SELECT it.idx,
         CASE
           WHEN p.idx IS NOT NULL THEN CASE WHEN (p.row).request_hash = it.hash THEN 'replayed' ELSE 'key-reused' END
           WHEN it.account_id IS NULL THEN 'member-not-found'
           WHEN ins.id IS NOT NULL THEN 'created'
           ELSE 'retry'
         END,
         CASE WHEN p.idx IS NOT NULL
              THEN (SELECT a.loyalty_id FROM accounts a WHERE a.id = (p.row).account_id)
              ELSE it.card END,
         CASE WHEN p.idx IS NOT NULL THEN p.row WHEN ins.id IS NOT NULL THEN ROW(ins.*)::ledger_entries END
    FROM items it
    LEFT JOIN priors p ON p.idx = it.idx
    LEFT JOIN inserted ins ON ins.request_key = it.order_id AND p.idx IS NULL
   ORDER BY it.idx
; END $$;

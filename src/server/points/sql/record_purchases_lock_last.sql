-- A batch of more than 10 purchases that writes first and locks its members last: 1. unlocked, finds
-- the members and writes the rows and audit rows; 2. locks each member (FOR NO KEY UPDATE, id order)
-- and checks it is as read and within the points limit; 3. confirms matured points and credits the
-- kept balances. Anything amiss in 2 raises LP001 (or lock_timeout ends a wait), and record_purchases
-- undoes it and records the batch members first. History: migration 0061.
CREATE OR REPLACE FUNCTION record_purchases_lock_last(
  p_members text[], p_order_ids text[], p_channels text[], p_stores text[], p_fascias text[],
  p_values integer[], p_currencies text[], p_points integer[], p_purchased_at timestamptz[],
  p_discounts text[], p_hashes text[], p_returns_window_days integer, p_source text,
  p_max_points bigint, p_actor_kind text, p_actor_id text, p_actor_label text, p_action text,
  p_changes jsonb
) RETURNS TABLE (idx integer, outcome text, loyalty_id text, entry ledger_entries, pass_changed boolean)
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
SET lock_timeout = '200ms'
AS $$
DECLARE
  answers purchase_answer[];
  buyers purchase_buyer[];
  buyer_ids uuid[];
  buyer_rows tid[];
  passes_changed uuid[];
BEGIN
  -- 1. Unlocked: the members, the new rows, their audit rows.
  WITH given AS (
    SELECT g.n::integer AS idx, btrim(g.member) AS ref, g.order_id, g.channel, g.store, g.fascia,
           g.order_value, g.currency, g.points, COALESCE(g.purchased_at, now()) AS purchased_at,
           g.discount, g.hash
      FROM purchase_batch_items(p_members, p_order_ids, p_channels, p_stores, p_fascias, p_values,
                                p_currencies, p_points, p_purchased_at, p_discounts, p_hashes) AS g
  ), refs AS MATERIALIZED (
    SELECT DISTINCT g.ref FROM given g
  ), members AS MATERIALIZED (
    -- purchase_member's rule (0032): each card and email looked up in its index. Only an email has
    -- an @ (a card is digits), so each is looked up in its own index alone: half the look-ups.
    SELECT DISTINCT found.*
      FROM refs r
      CROSS JOIN LATERAL (SELECT c.id, c.loyalty_id, c.email, c.email_verified
                            FROM accounts c
                           WHERE strpos(r.ref, '@') = 0 AND c.loyalty_id = r.ref AND c.deleted_at IS NULL
                          UNION ALL
                          SELECT e.id, e.loyalty_id, e.email, e.email_verified
                            FROM accounts e
                           WHERE strpos(r.ref, '@') > 0 AND e.email = lower(r.ref) AND e.email_verified
                             AND e.deleted_at IS NULL) found
  ), items AS MATERIALIZED (
    -- A card first, as purchase_member: a loyalty id is digits, never an email.
    SELECT g.*, COALESCE(bycard.id, bymail.id) AS account_id,
           COALESCE(bycard.loyalty_id, bymail.loyalty_id) AS card,
           g.purchased_at + make_interval(days => p_returns_window_days) AS confirms_at
      FROM given g
      LEFT JOIN members bycard ON bycard.loyalty_id = g.ref
      LEFT JOIN members bymail ON bymail.email = lower(g.ref) AND bymail.email_verified
  ), fresh AS MATERIALIZED (
    -- Each item with a member, written if its order id is new (ON CONFLICT): looking each order id
    -- up first, as 0058's statement does, was one more look-up in that index for every new row.
    -- Ids drawn in the batch's order (a volatile output is computed after the sort).
    SELECT it.*, nextval('ledger_entries_id_seq') AS entry_id
      FROM items it
     WHERE it.account_id IS NOT NULL
     ORDER BY it.idx
  ), inserted AS (
    INSERT INTO ledger_entries AS l (id, account_id, kind, points, confirms_at, confirmed_at, order_id,
      channel, store_display_name, fascia_display_name, order_value, order_currency, created_at,
      request_key, request_hash, discount, source, bookkept_by_writer)
    -- bookkept_by_writer: step 3 does the rows' bookkeeping, so the ledger's insert triggers stand
    -- aside for them.
    SELECT f.entry_id, f.account_id, 'purchase', f.points, f.confirms_at,
           CASE WHEN f.confirms_at <= now() THEN now() END, f.order_id, f.channel, f.store, f.fascia,
           f.order_value, f.currency, f.purchased_at, f.order_id, f.hash, f.discount, p_source, true
      FROM fresh f
     ORDER BY f.order_id
    ON CONFLICT (kind, request_key) WHERE request_key IS NOT NULL DO NOTHING
    RETURNING l.*
  ), priors AS MATERIALIZED (
    -- The order ids not written now, as they were when the statement began: a replay, a key reused
    -- (or one another request was writing, not found: `retry`).
    SELECT it.idx, prior.row
      FROM items it
      JOIN LATERAL (SELECT l AS row FROM ledger_entries l
                     WHERE l.kind = 'purchase' AND l.request_key = it.order_id OFFSET 0) prior ON true
     WHERE NOT EXISTS (SELECT 1 FROM inserted ins WHERE ins.request_key = it.order_id)
  ), answered AS MATERIALIZED (
    SELECT it.idx,
           CASE
             WHEN p.idx IS NOT NULL THEN CASE WHEN (p.row).request_hash = it.hash THEN 'replayed' ELSE 'key-reused' END
             WHEN it.account_id IS NULL THEN 'member-not-found'
             WHEN ins.id IS NOT NULL THEN 'created'
             ELSE 'retry'
           END AS outcome,
           CASE WHEN p.idx IS NOT NULL
                THEN (SELECT a.loyalty_id FROM accounts a WHERE a.id = (p.row).account_id)
                ELSE it.card END AS card,
           CASE WHEN p.idx IS NOT NULL THEN p.row WHEN ins.id IS NOT NULL THEN ROW(ins.*)::ledger_entries END AS entry
      FROM items it
      LEFT JOIN priors p ON p.idx = it.idx
      LEFT JOIN inserted ins ON ins.request_key = it.order_id AND p.idx IS NULL
  ), audited AS (
    INSERT INTO audit_log (actor_kind, actor_id, actor_label, action, member_id, change)
    SELECT p_actor_kind, p_actor_id, p_actor_label, p_action, ins.account_id,
           (p_changes -> (f.idx - 1)) || jsonb_build_object('entryId', ins.id::text)
      FROM inserted ins JOIN fresh f ON f.entry_id = ins.id
     WHERE p_actor_kind IS NOT NULL
     ORDER BY f.idx
  ), bought AS (
    -- Per member: what the new rows add (all of it counts towards the limit), the points that count
    -- now, the pending ones (step 3 bumps viewer_version for those and adds them to the kept sum).
    SELECT ins.account_id,
           SUM(ins.points) AS added,
           SUM(CASE WHEN ins.confirmed_at IS NOT NULL THEN ins.points ELSE 0 END) AS points,
           SUM(CASE WHEN ins.confirmed_at IS NULL AND ins.confirms_at IS NOT NULL THEN ins.points ELSE 0 END)
             AS pending_points,
           bool_or(ins.confirmed_at IS NULL AND ins.confirms_at IS NOT NULL) AS pending
      FROM inserted ins
     GROUP BY ins.account_id
  )
  SELECT (SELECT array_agg(ROW(a.idx, a.outcome, a.card, a.entry)::purchase_answer ORDER BY a.idx)
            FROM answered a),
         (SELECT array_agg(ROW(m.id, m.loyalty_id, m.email, m.email_verified, b.added, b.points,
                               b.pending_points, b.pending)::purchase_buyer ORDER BY m.id)
            FROM bought b JOIN members m ON m.id = b.account_id)
    INTO answers, buyers;

  IF buyers IS NOT NULL THEN
    -- 2. Each member locked in id order (the nested loop takes them in the array's order), and only if
    -- still as read and within the limit with what it now holds.
    buyer_ids := ARRAY(SELECT b.id FROM unnest(buyers) b);
    SELECT array_agg(a.at) INTO buyer_rows
      FROM unnest(buyers) b
      CROSS JOIN LATERAL (SELECT a.ctid AS at FROM accounts a
                           WHERE a.id = b.id AND a.deleted_at IS NULL
                             AND a.loyalty_id IS NOT DISTINCT FROM b.loyalty_id
                             AND a.email IS NOT DISTINCT FROM b.email
                             AND a.email_verified = b.email_verified
                             AND NOT ledger_passes_points_limit(a.points_balance + a.pending_points, b.added,
                                                                p_max_points)
                             FOR NO KEY UPDATE) a;
    IF cardinality(buyer_rows) IS DISTINCT FROM cardinality(buyers) THEN
      RAISE EXCEPTION 'a member changed, or would pass the points limit: lock them first'
        USING ERRCODE = 'LP001';
    END IF;

    -- 3. 0058's bookkeeping: matured points confirmed, the kept balances credited (the rows where
    -- step 2 found them: locked, they stay put), each member's wallet pass changed once.
    WITH confirmed AS (
      -- The buyers as one array: an index condition on the member's pending rows.
      UPDATE ledger_entries l SET confirmed_at = now()
       WHERE l.account_id = ANY (buyer_ids) AND ledger_entry_matured(l.confirmed_at, l.confirms_at)
      RETURNING l.account_id, l.points
    ), changes AS (
      SELECT c.account_id, SUM(c.points) AS points, SUM(c.pending_points) AS pending_points,
             bool_or(c.pending) AS pending
        FROM (SELECT cf.account_id, cf.points, 0 AS pending_points, false AS pending FROM confirmed cf
              UNION ALL
              SELECT b.id, b.points, b.pending_points, b.pending FROM unnest(buyers) b) c
       GROUP BY c.account_id
    ), credited AS (
      UPDATE accounts a
         SET points_balance = a.points_balance + ch.points,
             pending_points = a.pending_points + ch.pending_points,
             viewer_version = a.viewer_version + CASE WHEN ch.pending THEN 1 ELSE 0 END
        FROM changes ch
       WHERE a.ctid = ANY (buyer_rows) AND a.id = ch.account_id AND (ch.points <> 0 OR ch.pending)
      RETURNING a.id
    ), passes AS (
      UPDATE wallet_passes p SET change_seq = p.change_seq + 1
       WHERE p.account_id = ANY (buyer_ids)
      RETURNING p.account_id
    )
    SELECT array_agg(p.account_id) INTO passes_changed FROM passes p;
  END IF;

  RETURN QUERY
    SELECT a.idx, a.outcome, a.loyalty_id, a.entry,
           a.outcome = 'created' AND (a.entry).account_id = ANY (COALESCE(passes_changed, '{}'))
      FROM unnest(answers) a;
END;
$$;

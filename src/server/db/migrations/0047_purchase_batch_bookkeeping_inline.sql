-- A batch of purchases does the ledger insert triggers' bookkeeping itself, set-based,
-- as record_purchase does since 0046: with the viewer's row trigger (0037) a batch of 500 pending
-- purchases ran 500 UPDATEs of accounts, one per row, and fell from 4.47× to 1.75× floor D. While
-- record_purchases runs (its SET clause, restored when it returns) the two insert triggers stand
-- aside; the statement that inserts also bumps viewer_version once per member who got a pending
-- row, in the account UPDATE that credits the balance (a statement cannot update one row twice),
-- and moves each such member's wallet pass change_seq once. The UPDATE confirming matured points
-- still fires the ledger's update triggers, as every other writer does.
--
-- Also, so that a call costs the same in a ledger of 20M rows as in an empty one:
-- - members are found with one look-up of the batch's distinct cards and emails (index scans of
--   accounts by = ANY) instead of purchase_member once per item, twice (the lock and the items);
--   the statement then knows only the members it locked: an item whose member it did not lock
--   (an account made or verified between the two statements) is 'member-not-found', which the
--   caller records on its own as a single purchase, as it does a 'retry';
-- - the order ids already recorded are found in the unique index, order id by order id: the join
--   of 0032 read every purchase row of the ledger when the statistics were behind (a busy ledger);
-- - the items are read from the arrays with one unnest (p_x[n] walks a text array from its start:
--   500 items made that quadratic);
-- - the pending sum is read once per member, not once per item;
-- - each answer's card comes from the locked members, or by the primary key for a replay;
-- - its statements are planned for each call's arrays (plan_cache_mode): from the sixth call on a
--   connection PL/pgSQL kept a generic plan, which cost 1.5× the custom one here.
-- Rules, outcomes and locking (every member of the batch locked first, in one order) are 0032's.
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
  p_max_points bigint
) RETURNS TABLE (idx integer, outcome text, loyalty_id text, entry ledger_entries)
LANGUAGE plpgsql VOLATILE
SET loyalty.ledger_insert_bookkeeping = 'by-writer'
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  refs text[] := ARRAY(SELECT DISTINCT btrim(m) FROM unnest(p_members) m);
  locked uuid[];
BEGIN
  -- purchase_member's rule (0032) for all the batch's cards and emails at once, locked in id order.
  SELECT COALESCE(array_agg(s.id), '{}') INTO locked
    FROM (SELECT a.id FROM accounts a
           WHERE (a.loyalty_id = ANY (refs)
                  OR (a.email = ANY (ARRAY(SELECT lower(r) FROM unnest(refs) r)) AND a.email_verified))
             AND a.deleted_at IS NULL
           ORDER BY a.id
             FOR UPDATE) s;

  RETURN QUERY
  WITH members AS MATERIALIZED (
    SELECT a.id, a.loyalty_id, a.email, a.email_verified, a.points_balance
      FROM accounts a WHERE a.id = ANY (locked)
  ), given AS (
    SELECT g.n::integer AS idx, btrim(g.member) AS ref, g.order_id, g.channel, g.store, g.fascia,
           g.order_value, g.currency, g.points, COALESCE(g.purchased_at, now()) AS purchased_at,
           g.discount, g.hash
      FROM unnest(p_members, p_order_ids, p_channels, p_stores, p_fascias, p_values, p_currencies,
                  p_points, p_purchased_at, p_discounts, p_hashes)
           WITH ORDINALITY AS g(member, order_id, channel, store, fascia, order_value, currency, points,
                                purchased_at, discount, hash, n)
  ), items AS MATERIALIZED (
    -- A card first, as purchase_member: a loyalty id is digits, never an email.
    SELECT g.*, COALESCE(bycard.id, bymail.id) AS account_id,
           COALESCE(bycard.loyalty_id, bymail.loyalty_id) AS card,
           g.purchased_at + make_interval(days => p_returns_window_days) AS confirms_at
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
    UPDATE ledger_entries l SET confirmed_at = now()
     WHERE l.account_id IN (SELECT b.account_id FROM buyers b) AND l.confirmed_at IS NULL
       AND l.confirms_at IS NOT NULL AND l.confirms_at <= now()
    RETURNING l.account_id, l.points
  ), holdings AS MATERIALIZED (
    -- Confirmed and pending together (confirming matured points does not change the sum).
    SELECT b.account_id,
           m.points_balance + COALESCE((SELECT SUM(l.points) FROM ledger_entries l
                                         WHERE l.account_id = b.account_id AND l.confirmed_at IS NULL
                                           AND l.confirms_at IS NOT NULL), 0) AS held
      FROM buyers b JOIN members m ON m.id = b.account_id
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
  ), changes AS (
    -- Per member: the points that now count, and whether a pending row was added (what the viewer
    -- reads besides the balance; the trigger of 0037 bumped viewer_version for it).
    SELECT c.account_id, SUM(c.points) AS points, bool_or(c.pending) AS pending
      FROM (SELECT cf.account_id, cf.points, false AS pending FROM confirmed cf
            UNION ALL
            SELECT ins.account_id, CASE WHEN ins.confirmed_at IS NOT NULL THEN ins.points ELSE 0 END,
                   ins.confirmed_at IS NULL AND ins.confirms_at IS NOT NULL
              FROM inserted ins) c
     GROUP BY c.account_id
  ), credited AS (
    UPDATE accounts a
       SET points_balance = a.points_balance + ch.points,
           viewer_version = a.viewer_version + CASE WHEN ch.pending THEN 1 ELSE 0 END
      FROM changes ch
     WHERE a.id = ANY (locked) AND a.id = ch.account_id AND (ch.points <> 0 OR ch.pending)
    RETURNING a.id
  ), passes AS (
    -- The wallet trigger's work (0017): any ledger row written changes the member's pass, once.
    UPDATE wallet_passes p SET change_seq = p.change_seq + 1
     WHERE p.account_id IN (SELECT ins.account_id FROM inserted ins)
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
   ORDER BY it.idx;
END;
$$;

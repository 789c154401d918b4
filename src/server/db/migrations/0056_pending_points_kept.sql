-- A member's pending points (the sum of their ledger rows still in the returns window: confirmed_at
-- NULL, confirms_at set) kept current in the account row. A purchase needs the sum for
-- the points limit (confirmed and pending together), and summed from the rows it read one heap row
-- per pending purchase of the member, under the member's lock, on every purchase: the busier the
-- member, the dearer each purchase. The sum is now one column of the row the purchase locks anyway.
--
-- Every writer keeps it, because the ledger's own triggers do: the viewer's row triggers (0037), which
-- already fired for exactly the writes that change a member's pending rows (a pending row inserted,
-- confirmed, moved, re-pointed or deleted), now also move pending_points by the change, in the same
-- UPDATE of the account row that bumps viewer_version. So purchases, returns, adjustments, the sweep,
-- expiry, deletion, demo seeding and any later writer keep it right with no code of their own. The
-- two purchase functions, which stand the insert trigger aside (0046, 0047), add their rows' points
-- themselves in the account UPDATE they make anyway (below). ledger-invariants tests compare it with
-- the sum after every kind of write, and after 100 parallel purchases for one member.
ALTER TABLE accounts ADD COLUMN pending_points bigint NOT NULL DEFAULT 0;

UPDATE accounts a SET pending_points = p.total
  FROM (SELECT l.account_id, SUM(l.points) AS total FROM ledger_entries l
         WHERE l.confirmed_at IS NULL AND l.confirms_at IS NOT NULL
         GROUP BY l.account_id) p
 WHERE a.id = p.account_id;

-- OLD is NULL in an INSERT trigger and NEW in a DELETE one, so one statement serves every operation
-- (and both members when a row moves from one to another). The viewer's triggers on other tables keep
-- viewer_changed.
CREATE FUNCTION ledger_pending_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts a
     SET viewer_version = a.viewer_version + 1,
         pending_points = a.pending_points
           + CASE WHEN a.id = NEW.account_id AND NEW.confirmed_at IS NULL AND NEW.confirms_at IS NOT NULL THEN NEW.points ELSE 0 END
           - CASE WHEN a.id = OLD.account_id AND OLD.confirmed_at IS NULL AND OLD.confirms_at IS NOT NULL THEN OLD.points ELSE 0 END
   WHERE a.id IN (OLD.account_id, NEW.account_id); RETURN NULL; END $$;

DROP TRIGGER viewer_ledger_inserted ON ledger_entries;

CREATE TRIGGER viewer_ledger_inserted AFTER INSERT ON ledger_entries
  FOR EACH ROW
  WHEN (NEW.confirmed_at IS NULL AND NEW.confirms_at IS NOT NULL
        AND current_setting('loyalty.ledger_insert_bookkeeping', true) IS DISTINCT FROM 'by-writer')
  EXECUTE FUNCTION ledger_pending_changed();

DROP TRIGGER viewer_ledger_updated ON ledger_entries;

CREATE TRIGGER viewer_ledger_updated AFTER UPDATE ON ledger_entries
  FOR EACH ROW
  WHEN (((OLD.confirmed_at IS NULL AND OLD.confirms_at IS NOT NULL)
         OR (NEW.confirmed_at IS NULL AND NEW.confirms_at IS NOT NULL))
        AND (OLD.account_id, OLD.points, OLD.confirms_at, OLD.confirmed_at)
            IS DISTINCT FROM (NEW.account_id, NEW.points, NEW.confirms_at, NEW.confirmed_at))
  EXECUTE FUNCTION ledger_pending_changed();

DROP TRIGGER viewer_ledger_deleted ON ledger_entries;

CREATE TRIGGER viewer_ledger_deleted AFTER DELETE ON ledger_entries
  FOR EACH ROW WHEN (OLD.confirmed_at IS NULL AND OLD.confirms_at IS NOT NULL)
  EXECUTE FUNCTION ledger_pending_changed();

-- A single purchase with the kept sum: the account's locking UPDATE adds the purchase's pending points
-- (taken back on the rare refusals that follow it) and answers, besides the row, whether the member
-- has matured rows to confirm (one look-up in ledger_entries_pending_by_account that finds none in the
-- common case, where the sum read every pending row). The replay check under the lock moved to where
-- it changes an answer: a purchase refused for the points limit looks for a request with the same key
-- first (it answers the replay), and the insert's ON CONFLICT catches one that committed while this
-- request waited for the lock, as before. Rules, outcomes and locking are 0050's.
CREATE OR REPLACE FUNCTION record_purchase(
  p_account uuid,
  p_member text,
  p_order_id text,
  p_channel text,
  p_store text,
  p_fascia text,
  p_value integer,
  p_currency text,
  p_points integer,
  p_purchased_at timestamptz,
  p_discount text,
  p_hash text,
  p_returns_window_days integer,
  p_source text,
  p_max_points bigint
) RETURNS TABLE (outcome text, loyalty_id text, held bigint, entry ledger_entries)
LANGUAGE plpgsql VOLATILE
SET loyalty.ledger_insert_bookkeeping = 'by-writer'
SET enable_seqscan = off
AS $$
DECLARE
  member_id uuid;
  member_card text;
  member_balance bigint;
  member_pending bigint;
  due boolean;
  prior ledger_entries%ROWTYPE;
  written ledger_entries%ROWTYPE;
  matured bigint := 0;
  holding bigint;
  purchased timestamptz := COALESCE(p_purchased_at, now());
  confirms timestamptz := COALESCE(p_purchased_at, now()) + make_interval(days => p_returns_window_days);
  -- What this purchase adds to the member's pending points (none when its window has passed).
  adding bigint := CASE WHEN confirms > now() THEN p_points ELSE 0 END;
  ref_card text := btrim(p_member);
  ref_email text := lower(btrim(p_member));
BEGIN
  -- A replay needs no lock: the stored row answers (or refuses another body).
  SELECT * INTO prior FROM ledger_entries l WHERE l.kind = 'purchase' AND l.request_key = p_order_id;
  IF FOUND THEN
    RETURN QUERY SELECT CASE WHEN prior.request_hash = p_hash THEN 'replayed' ELSE 'key-reused' END,
      (SELECT a.loyalty_id FROM accounts a WHERE a.id = prior.account_id), NULL::bigint, prior;
    RETURN;
  END IF;

  -- The lock. A pending purchase bumps the viewer version and adds its points to the kept sum here, in
  -- the UPDATE that locks anyway. The member's matured rows are looked for in the same statement
  -- (rows mature by time alone, so the statement's snapshot, taken before any wait for the lock, sees
  -- every one there is; one confirmed meanwhile by another writer is simply not found by the UPDATE
  -- below).
  IF p_account IS NOT NULL THEN
    UPDATE accounts a SET viewer_version = a.viewer_version + CASE WHEN confirms > now() THEN 1 ELSE 0 END,
                          pending_points = a.pending_points + adding
     WHERE a.id = p_account
     RETURNING a.id, a.loyalty_id, a.points_balance, a.pending_points - adding,
               EXISTS (SELECT 1 FROM ledger_entries l
                        WHERE l.account_id = a.id AND l.confirmed_at IS NULL AND l.confirms_at IS NOT NULL
                          AND l.confirms_at <= now())
      INTO member_id, member_card, member_balance, member_pending, due;
  ELSE
    UPDATE accounts a SET viewer_version = a.viewer_version + CASE WHEN confirms > now() THEN 1 ELSE 0 END,
                          pending_points = a.pending_points + adding
     WHERE (a.loyalty_id = ref_card OR (a.email = ref_email AND a.email_verified))
       AND a.deleted_at IS NULL
     RETURNING a.id, a.loyalty_id, a.points_balance, a.pending_points - adding,
               EXISTS (SELECT 1 FROM ledger_entries l
                        WHERE l.account_id = a.id AND l.confirmed_at IS NULL AND l.confirms_at IS NOT NULL
                          AND l.confirms_at <= now())
      INTO member_id, member_card, member_balance, member_pending, due;
  END IF;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'member-not-found'::text, NULL::text, NULL::bigint, NULL::ledger_entries;
    RETURN;
  END IF;

  -- The matured ones move into the balance (pending-points.ts confirmMatured), only if there are any.
  -- This UPDATE fires the ledger's update triggers as any other, which take the rows' points out of the
  -- kept pending sum.
  IF due THEN
    WITH confirmed AS (
      UPDATE ledger_entries l SET confirmed_at = now()
       WHERE l.account_id = member_id AND l.confirmed_at IS NULL AND l.confirms_at IS NOT NULL
         AND l.confirms_at <= now()
       RETURNING l.points
    ) SELECT COALESCE(SUM(c.points), 0) INTO matured FROM confirmed c;
  END IF;
  -- Confirmed and pending together may not pass the limit (pending-points.ts checkPointsLimit): the
  -- balance before crediting the matured points plus every pending row, matured ones included.
  holding := member_balance + member_pending;

  IF p_points > 0 AND holding + p_points > p_max_points THEN
    IF matured <> 0 OR adding <> 0 THEN
      UPDATE accounts a SET points_balance = a.points_balance + matured, pending_points = a.pending_points - adding
       WHERE a.id = member_id;
    END IF;
    -- A request with this key that held the lock before us answers as its replay, not as a refusal.
    SELECT * INTO prior FROM ledger_entries l WHERE l.kind = 'purchase' AND l.request_key = p_order_id;
    IF FOUND THEN
      RETURN QUERY SELECT CASE WHEN prior.request_hash = p_hash THEN 'replayed' ELSE 'key-reused' END,
        (SELECT a.loyalty_id FROM accounts a WHERE a.id = prior.account_id), NULL::bigint, prior;
      RETURN;
    END IF;
    RETURN QUERY SELECT 'points-limit'::text, member_card, holding, NULL::ledger_entries;
    RETURN;
  END IF;

  INSERT INTO ledger_entries AS l (account_id, kind, points, confirms_at, confirmed_at, order_id, channel,
    store_display_name, fascia_display_name, order_value, order_currency, created_at, request_key,
    request_hash, discount, source)
  VALUES (member_id, 'purchase', p_points, confirms, CASE WHEN confirms <= now() THEN now() END,
    p_order_id, p_channel, p_store, p_fascia, p_value, p_currency, purchased, p_order_id, p_hash,
    p_discount, p_source)
  ON CONFLICT (kind, request_key) WHERE request_key IS NOT NULL DO NOTHING
  RETURNING * INTO written;

  IF written.id IS NULL THEN
    IF matured <> 0 OR adding <> 0 THEN
      UPDATE accounts a SET points_balance = a.points_balance + matured, pending_points = a.pending_points - adding
       WHERE a.id = member_id;
    END IF;
    -- A purchase with this order id committed while we waited for the lock (or for its insert).
    SELECT * INTO prior FROM ledger_entries l WHERE l.kind = 'purchase' AND l.request_key = p_order_id;
    RETURN QUERY SELECT CASE WHEN prior.request_hash = p_hash THEN 'replayed' ELSE 'key-reused' END,
      (SELECT a.loyalty_id FROM accounts a WHERE a.id = prior.account_id), NULL::bigint, prior;
    RETURN;
  END IF;

  IF matured <> 0 OR (confirms <= now() AND p_points <> 0) THEN
    UPDATE accounts a
       SET points_balance = a.points_balance + matured + CASE WHEN confirms <= now() THEN p_points ELSE 0 END
     WHERE a.id = member_id;
  END IF;
  -- The wallet trigger's work (0017): any ledger row written changes the pass. (A changed balance
  -- also bumps it through the account trigger, which is harmless: change_seq only needs to move.)
  RETURN QUERY
    WITH pass AS (UPDATE wallet_passes p SET change_seq = p.change_seq + 1 WHERE p.account_id = member_id)
    SELECT 'created'::text, member_card, holding, written;
END;
$$;

-- The batch with the kept sum: each buyer's holding is their balance plus their kept pending sum
-- (read from the rows it has locked), where it summed their pending rows; the UPDATE that credits the
-- batch's members adds their new pending rows' points to it. Rules, outcomes, locking and planning
-- are 0048's.
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

  -- Planned for this call's arrays, every call (a one-shot plan; see above): $1 … $11 are p_members …
  -- p_hashes in the order of the arguments, $12 p_returns_window_days, $13 p_source, $14 p_max_points,
  -- $15 the members locked.
  RETURN QUERY EXECUTE $q$
  WITH members AS MATERIALIZED (
    SELECT a.id, a.loyalty_id, a.email, a.email_verified, a.points_balance, a.pending_points
      FROM accounts a WHERE a.id = ANY ($15)
  ), given AS (
    SELECT g.n::integer AS idx, btrim(g.member) AS ref, g.order_id, g.channel, g.store, g.fascia,
           g.order_value, g.currency, g.points, COALESCE(g.purchased_at, now()) AS purchased_at,
           g.discount, g.hash
      FROM unnest($1, $2, $3, $4, $5, $6, $7,
                  $8, $9, $10, $11)
           WITH ORDINALITY AS g(member, order_id, channel, store, fascia, order_value, currency, points,
                                purchased_at, discount, hash, n)
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
    UPDATE ledger_entries l SET confirmed_at = now()
     WHERE l.account_id IN (SELECT b.account_id FROM buyers b) AND l.confirmed_at IS NULL
       AND l.confirms_at IS NOT NULL AND l.confirms_at <= now()
    RETURNING l.account_id, l.points
  ), holdings AS MATERIALIZED (
    -- Confirmed and pending together, the kept sum (confirming matured points does not change it).
    SELECT b.account_id, m.points_balance + m.pending_points AS held
      FROM buyers b JOIN members m ON m.id = b.account_id
  ), running AS (
    SELECT f.idx, f.account_id,
           h.held + SUM(f.points) OVER (PARTITION BY f.account_id ORDER BY f.idx) AS reaches
      FROM fresh f JOIN holdings h ON h.account_id = f.account_id
  ), blocked AS (
    SELECT DISTINCT r.account_id FROM running r WHERE r.reaches > $14
  ), inserted AS (
    INSERT INTO ledger_entries AS l (account_id, kind, points, confirms_at, confirmed_at, order_id, channel,
      store_display_name, fascia_display_name, order_value, order_currency, created_at, request_key,
      request_hash, discount, source)
    SELECT f.account_id, 'purchase', f.points, f.confirms_at,
           CASE WHEN f.confirms_at <= now() THEN now() END, f.order_id, f.channel, f.store, f.fascia,
           f.order_value, f.currency, f.purchased_at, f.order_id, f.hash, f.discount, $13
      FROM fresh f
     WHERE f.account_id NOT IN (SELECT b.account_id FROM blocked b)
     ORDER BY f.idx
    ON CONFLICT (kind, request_key) WHERE request_key IS NOT NULL DO NOTHING
    RETURNING l.*
  ), changes AS (
    -- Per member: the points that now count, and the pending rows added (what the viewer reads besides
    -- the balance; the trigger of 0037 bumped viewer_version for each, and 0056's kept their sum). The
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
     WHERE a.id = ANY ($15) AND a.id = ch.account_id AND (ch.points <> 0 OR ch.pending)
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
   ORDER BY it.idx$q$
  USING p_members, p_order_ids, p_channels, p_stores, p_fascias, p_values, p_currencies, p_points,
        p_purchased_at, p_discounts, p_hashes, p_returns_window_days, p_source, p_max_points, locked;
END;
$$;

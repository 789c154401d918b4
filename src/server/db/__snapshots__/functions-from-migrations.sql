-- audit_log_append_only()
CREATE OR REPLACE FUNCTION audit_log_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('loyalty.audit_anonymise', true) = 'on'
     AND (NEW.id, NEW.at, NEW.actor_kind, NEW.actor_id, NEW.actor_label, NEW.action, NEW.member_id)
         IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.actor_kind, OLD.actor_id, OLD.actor_label, OLD.action, OLD.member_id)
  THEN RETURN NEW; END IF; RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = '42501'; END $function$

-- burn_rates_changed()
CREATE OR REPLACE FUNCTION burn_rates_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE burn_rate_revision SET revision = revision + 1; RETURN NULL; END $function$

-- ledger_entry_sign_ok(entry_kind text, entry_points bigint, entry_cash bigint)
CREATE OR REPLACE FUNCTION ledger_entry_sign_ok(entry_kind text, entry_points bigint, entry_cash bigint)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
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
END $function$

-- ledger_pending_changed()
CREATE OR REPLACE FUNCTION ledger_pending_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE accounts a
     SET viewer_version = a.viewer_version + 1,
         pending_points = a.pending_points
           + CASE WHEN a.id = NEW.account_id AND NEW.confirmed_at IS NULL AND NEW.confirms_at IS NOT NULL THEN NEW.points ELSE 0 END
           - CASE WHEN a.id = OLD.account_id AND OLD.confirmed_at IS NULL AND OLD.confirms_at IS NOT NULL THEN OLD.points ELSE 0 END
   WHERE a.id IN (OLD.account_id, NEW.account_id); RETURN NULL; END $function$

-- purchase_batch_items(p_members text[], p_order_ids text[], p_channels text[], p_stores text[], p_fascias text[], p_values integer[], p_currencies text[], p_points integer[], p_purchased_at timestamp with time zone[], p_discounts text[], p_hashes text[])
CREATE OR REPLACE FUNCTION purchase_batch_items(p_members text[], p_order_ids text[], p_channels text[], p_stores text[], p_fascias text[], p_values integer[], p_currencies text[], p_points integer[], p_purchased_at timestamp with time zone[], p_discounts text[], p_hashes text[])
 RETURNS TABLE(member text, order_id text, channel text, store text, fascia text, order_value integer, currency text, points integer, purchased_at timestamp with time zone, discount text, hash text, n bigint)
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE ROWS 500
AS $function$
BEGIN
  RETURN QUERY SELECT * FROM unnest(p_members, p_order_ids, p_channels, p_stores, p_fascias, p_values,
                                    p_currencies, p_points, p_purchased_at, p_discounts, p_hashes)
                     WITH ORDINALITY;
END;
$function$

-- purchase_batch_members(p_locked uuid[])
CREATE OR REPLACE FUNCTION purchase_batch_members(p_locked uuid[])
 RETURNS SETOF uuid
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE ROWS 500
AS $function$
BEGIN
  RETURN QUERY SELECT unnest(p_locked);
END;
$function$

-- record_purchase(p_account uuid, p_member text, p_order_id text, p_channel text, p_store text, p_fascia text, p_value integer, p_currency text, p_points integer, p_purchased_at timestamp with time zone, p_discount text, p_hash text, p_returns_window_days integer, p_source text, p_max_points bigint)
CREATE OR REPLACE FUNCTION record_purchase(p_account uuid, p_member text, p_order_id text, p_channel text, p_store text, p_fascia text, p_value integer, p_currency text, p_points integer, p_purchased_at timestamp with time zone, p_discount text, p_hash text, p_returns_window_days integer, p_source text, p_max_points bigint)
 RETURNS TABLE(outcome text, loyalty_id text, held bigint, entry ledger_entries)
 LANGUAGE plpgsql
 SET "loyalty.ledger_insert_bookkeeping" TO 'by-writer'
 SET enable_seqscan TO 'off'
AS $function$
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

  adding bigint := CASE WHEN confirms > now() THEN p_points ELSE 0 END;
  ref_card text := btrim(p_member);
  ref_email text := lower(btrim(p_member));
BEGIN

  SELECT * INTO prior FROM ledger_entries l WHERE l.kind = 'purchase' AND l.request_key = p_order_id;
  IF FOUND THEN
    RETURN QUERY SELECT CASE WHEN prior.request_hash = p_hash THEN 'replayed' ELSE 'key-reused' END,
      (SELECT a.loyalty_id FROM accounts a WHERE a.id = prior.account_id), NULL::bigint, prior;
    RETURN;
  END IF;





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



  IF due THEN
    WITH confirmed AS (
      UPDATE ledger_entries l SET confirmed_at = now()
       WHERE l.account_id = member_id AND l.confirmed_at IS NULL AND l.confirms_at IS NOT NULL
         AND l.confirms_at <= now()
       RETURNING l.points
    ) SELECT COALESCE(SUM(c.points), 0) INTO matured FROM confirmed c;
  END IF;


  holding := member_balance + member_pending;

  IF p_points > 0 AND holding + p_points > p_max_points THEN
    IF matured <> 0 OR adding <> 0 THEN
      UPDATE accounts a SET points_balance = a.points_balance + matured, pending_points = a.pending_points - adding
       WHERE a.id = member_id;
    END IF;

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


  RETURN QUERY
    WITH pass AS (UPDATE wallet_passes p SET change_seq = p.change_seq + 1 WHERE p.account_id = member_id)
    SELECT 'created'::text, member_card, holding, written;
END;
$function$

-- record_purchases(p_members text[], p_order_ids text[], p_channels text[], p_stores text[], p_fascias text[], p_values integer[], p_currencies text[], p_points integer[], p_purchased_at timestamp with time zone[], p_discounts text[], p_hashes text[], p_returns_window_days integer, p_source text, p_max_points bigint, p_actor_kind text, p_actor_id text, p_actor_label text, p_action text, p_changes jsonb)
CREATE OR REPLACE FUNCTION record_purchases(p_members text[], p_order_ids text[], p_channels text[], p_stores text[], p_fascias text[], p_values integer[], p_currencies text[], p_points integer[], p_purchased_at timestamp with time zone[], p_discounts text[], p_hashes text[], p_returns_window_days integer, p_source text, p_max_points bigint, p_actor_kind text, p_actor_id text, p_actor_label text, p_action text, p_changes jsonb)
 RETURNS TABLE(idx integer, outcome text, loyalty_id text, entry ledger_entries, pass_changed boolean)
 LANGUAGE plpgsql
 SET "loyalty.ledger_insert_bookkeeping" TO 'by-writer'
 SET jit TO 'off'
AS $function$
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

    END;
  END IF;


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
$function$

-- record_purchases_batch(p_members text[], p_order_ids text[], p_channels text[], p_stores text[], p_fascias text[], p_values integer[], p_currencies text[], p_points integer[], p_purchased_at timestamp with time zone[], p_discounts text[], p_hashes text[], p_returns_window_days integer, p_source text, p_max_points bigint, p_locked uuid[])
CREATE OR REPLACE FUNCTION record_purchases_batch(p_members text[], p_order_ids text[], p_channels text[], p_stores text[], p_fascias text[], p_values integer[], p_currencies text[], p_points integer[], p_purchased_at timestamp with time zone[], p_discounts text[], p_hashes text[], p_returns_window_days integer, p_source text, p_max_points bigint, p_locked uuid[])
 RETURNS TABLE(idx integer, outcome text, loyalty_id text, entry ledger_entries)
 LANGUAGE plpgsql
 SET "loyalty.ledger_insert_bookkeeping" TO 'by-writer'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$ BEGIN RETURN QUERY 
  WITH members AS MATERIALIZED (


    SELECT a.id, a.loyalty_id, a.email, a.email_verified, a.points_balance, a.pending_points, a.at
      FROM purchase_batch_members($15) k(id)
      CROSS JOIN LATERAL (SELECT a.*, a.ctid AS at FROM accounts a WHERE a.id = k.id OFFSET 0) a
  ), given AS (
    SELECT g.n::integer AS idx, btrim(g.member) AS ref, g.order_id, g.channel, g.store, g.fascia,
           g.order_value, g.currency, g.points, COALESCE(g.purchased_at, now()) AS purchased_at,
           g.discount, g.hash
      FROM purchase_batch_items($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) AS g
  ), items AS MATERIALIZED (

    SELECT g.*, COALESCE(bycard.id, bymail.id) AS account_id,
           COALESCE(bycard.loyalty_id, bymail.loyalty_id) AS card,
           g.purchased_at + make_interval(days => $12) AS confirms_at
      FROM given g
      LEFT JOIN members bycard ON bycard.loyalty_id = g.ref
      LEFT JOIN members bymail ON bymail.email = lower(g.ref) AND bymail.email_verified
  ), priors AS MATERIALIZED (
    SELECT it.idx, prior.row
      FROM items it


      JOIN LATERAL (SELECT l AS row FROM ledger_entries l
                     WHERE l.kind = 'purchase' AND l.request_key = it.order_id OFFSET 0) prior ON true
  ), fresh AS MATERIALIZED (
    SELECT it.* FROM items it
     WHERE it.account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM priors p WHERE p.idx = it.idx)
  ), buyers AS MATERIALIZED (
    SELECT DISTINCT f.account_id FROM fresh f
  ), confirmed AS (



    UPDATE ledger_entries l SET confirmed_at = now()
     WHERE l.account_id = ANY (ARRAY(SELECT b.account_id FROM buyers b)) AND l.confirmed_at IS NULL
       AND l.confirms_at IS NOT NULL AND l.confirms_at <= now()
    RETURNING l.account_id, l.points
  ), holdings AS MATERIALIZED (

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
; END $function$

-- record_purchases_lock_last(p_members text[], p_order_ids text[], p_channels text[], p_stores text[], p_fascias text[], p_values integer[], p_currencies text[], p_points integer[], p_purchased_at timestamp with time zone[], p_discounts text[], p_hashes text[], p_returns_window_days integer, p_source text, p_max_points bigint, p_actor_kind text, p_actor_id text, p_actor_label text, p_action text, p_changes jsonb)
CREATE OR REPLACE FUNCTION record_purchases_lock_last(p_members text[], p_order_ids text[], p_channels text[], p_stores text[], p_fascias text[], p_values integer[], p_currencies text[], p_points integer[], p_purchased_at timestamp with time zone[], p_discounts text[], p_hashes text[], p_returns_window_days integer, p_source text, p_max_points bigint, p_actor_kind text, p_actor_id text, p_actor_label text, p_action text, p_changes jsonb)
 RETURNS TABLE(idx integer, outcome text, loyalty_id text, entry ledger_entries, pass_changed boolean)
 LANGUAGE plpgsql
 SET "loyalty.ledger_insert_bookkeeping" TO 'by-writer'
 SET plan_cache_mode TO 'force_generic_plan'
 SET lock_timeout TO '200ms'
AS $function$
DECLARE
  answers purchase_answer[];
  buyers purchase_buyer[];
  buyer_ids uuid[];
  buyer_rows tid[];
  passes_changed uuid[];
BEGIN

  WITH given AS (
    SELECT g.n::integer AS idx, btrim(g.member) AS ref, g.order_id, g.channel, g.store, g.fascia,
           g.order_value, g.currency, g.points, COALESCE(g.purchased_at, now()) AS purchased_at,
           g.discount, g.hash
      FROM purchase_batch_items(p_members, p_order_ids, p_channels, p_stores, p_fascias, p_values,
                                p_currencies, p_points, p_purchased_at, p_discounts, p_hashes) AS g
  ), refs AS MATERIALIZED (
    SELECT DISTINCT g.ref FROM given g
  ), members AS MATERIALIZED (


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

    SELECT g.*, COALESCE(bycard.id, bymail.id) AS account_id,
           COALESCE(bycard.loyalty_id, bymail.loyalty_id) AS card,
           g.purchased_at + make_interval(days => p_returns_window_days) AS confirms_at
      FROM given g
      LEFT JOIN members bycard ON bycard.loyalty_id = g.ref
      LEFT JOIN members bymail ON bymail.email = lower(g.ref) AND bymail.email_verified
  ), fresh AS MATERIALIZED (



    SELECT it.*, nextval('ledger_entries_id_seq') AS entry_id
      FROM items it
     WHERE it.account_id IS NOT NULL
     ORDER BY it.idx
  ), inserted AS (
    INSERT INTO ledger_entries AS l (id, account_id, kind, points, confirms_at, confirmed_at, order_id,
      channel, store_display_name, fascia_display_name, order_value, order_currency, created_at,
      request_key, request_hash, discount, source)
    SELECT f.entry_id, f.account_id, 'purchase', f.points, f.confirms_at,
           CASE WHEN f.confirms_at <= now() THEN now() END, f.order_id, f.channel, f.store, f.fascia,
           f.order_value, f.currency, f.purchased_at, f.order_id, f.hash, f.discount, p_source
      FROM fresh f
     ORDER BY f.order_id
    ON CONFLICT (kind, request_key) WHERE request_key IS NOT NULL DO NOTHING
    RETURNING l.*
  ), priors AS MATERIALIZED (


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


    buyer_ids := ARRAY(SELECT b.id FROM unnest(buyers) b);
    SELECT array_agg(a.at) INTO buyer_rows
      FROM unnest(buyers) b
      CROSS JOIN LATERAL (SELECT a.ctid AS at FROM accounts a
                           WHERE a.id = b.id AND a.deleted_at IS NULL
                             AND a.loyalty_id IS NOT DISTINCT FROM b.loyalty_id
                             AND a.email IS NOT DISTINCT FROM b.email
                             AND a.email_verified = b.email_verified
                             AND a.points_balance + a.pending_points + b.added <= p_max_points
                             FOR NO KEY UPDATE) a;
    IF cardinality(buyer_rows) IS DISTINCT FROM cardinality(buyers) THEN
      RAISE EXCEPTION 'a member changed, or would pass the points limit: lock them first'
        USING ERRCODE = 'LP001';
    END IF;


    WITH confirmed AS (

      UPDATE ledger_entries l SET confirmed_at = now()
       WHERE l.account_id = ANY (buyer_ids) AND l.confirmed_at IS NULL
         AND l.confirms_at IS NOT NULL AND l.confirms_at <= now()
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
$function$

-- record_purchases_set(p_members text[], p_order_ids text[], p_channels text[], p_stores text[], p_fascias text[], p_values integer[], p_currencies text[], p_points integer[], p_purchased_at timestamp with time zone[], p_discounts text[], p_hashes text[], p_returns_window_days integer, p_source text, p_max_points bigint, p_locked uuid[])
CREATE OR REPLACE FUNCTION record_purchases_set(p_members text[], p_order_ids text[], p_channels text[], p_stores text[], p_fascias text[], p_values integer[], p_currencies text[], p_points integer[], p_purchased_at timestamp with time zone[], p_discounts text[], p_hashes text[], p_returns_window_days integer, p_source text, p_max_points bigint, p_locked uuid[])
 RETURNS TABLE(idx integer, outcome text, loyalty_id text, entry ledger_entries)
 LANGUAGE plpgsql
 SET "loyalty.ledger_insert_bookkeeping" TO 'by-writer'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$ BEGIN RETURN QUERY 
  WITH members AS MATERIALIZED (


    SELECT a.id, a.loyalty_id, a.email, a.email_verified, a.points_balance, a.pending_points, a.at
      FROM unnest($15::uuid[]) k(id)
      CROSS JOIN LATERAL (SELECT a.*, a.ctid AS at FROM accounts a WHERE a.id = k.id OFFSET 0) a
  ), given AS (
    SELECT g.n::integer AS idx, btrim(g.member) AS ref, g.order_id, g.channel, g.store, g.fascia,
           g.order_value, g.currency, g.points, COALESCE(g.purchased_at, now()) AS purchased_at,
           g.discount, g.hash
      FROM unnest($1, $2, $3, $4, $5, $6, $7,
                  $8, $9, $10, $11)
           WITH ORDINALITY AS g(member, order_id, channel, store, fascia, order_value, currency, points,
                                purchased_at, discount, hash, n)
  ), items AS MATERIALIZED (

    SELECT g.*, COALESCE(bycard.id, bymail.id) AS account_id,
           COALESCE(bycard.loyalty_id, bymail.loyalty_id) AS card,
           g.purchased_at + make_interval(days => $12) AS confirms_at
      FROM given g
      LEFT JOIN members bycard ON bycard.loyalty_id = g.ref
      LEFT JOIN members bymail ON bymail.email = lower(g.ref) AND bymail.email_verified
  ), priors AS MATERIALIZED (
    SELECT it.idx, prior.row
      FROM items it


      JOIN LATERAL (SELECT l AS row FROM ledger_entries l
                     WHERE l.kind = 'purchase' AND l.request_key = it.order_id OFFSET 0) prior ON true
  ), fresh AS MATERIALIZED (
    SELECT it.* FROM items it
     WHERE it.account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM priors p WHERE p.idx = it.idx)
  ), buyers AS MATERIALIZED (
    SELECT DISTINCT f.account_id FROM fresh f
  ), confirmed AS (



    UPDATE ledger_entries l SET confirmed_at = now()
     WHERE l.account_id = ANY (ARRAY(SELECT b.account_id FROM buyers b)) AND l.confirmed_at IS NULL
       AND l.confirms_at IS NOT NULL AND l.confirms_at <= now()
    RETURNING l.account_id, l.points
  ), holdings AS MATERIALIZED (

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
; END $function$

-- start_session(p_account_id uuid, p_token_hash text, p_absolute_seconds double precision, p_passkey_id uuid, p_user_agent text, p_browser text, p_platform text, p_previous_token_hash text, p_browser_hash text, p_mail_follows boolean, p_forgive_bucket text, p_forgive_key text, p_release_bucket text, p_release_key text, p_release_at timestamp with time zone)
CREATE OR REPLACE FUNCTION start_session(p_account_id uuid, p_token_hash text, p_absolute_seconds double precision, p_passkey_id uuid, p_user_agent text, p_browser text, p_platform text, p_previous_token_hash text, p_browser_hash text, p_mail_follows boolean, p_forgive_bucket text, p_forgive_key text, p_release_bucket text, p_release_key text, p_release_at timestamp with time zone)
 RETURNS TABLE(member_id uuid, mail_to text)
 LANGUAGE plpgsql
AS $function$
DECLARE
  had_others boolean;
  inserted boolean;
  address text;
BEGIN
  IF p_previous_token_hash IS NOT NULL THEN
    DELETE FROM sessions WHERE token_hash = p_previous_token_hash;
  END IF;
  INSERT INTO sessions (token_hash, account_id, expires_at, passkey_id, user_agent, browser, platform)
  VALUES (p_token_hash, p_account_id, now() + make_interval(secs => p_absolute_seconds), p_passkey_id,
          p_user_agent, p_browser, p_platform);

  had_others := EXISTS (SELECT 1 FROM known_browsers kb WHERE kb.account_id = p_account_id);
  INSERT INTO known_browsers AS kb (account_id, browser_hash) VALUES (p_account_id, p_browser_hash)
  ON CONFLICT (account_id, browser_hash) DO UPDATE SET last_seen_at = now()
  RETURNING (kb.xmax = 0) INTO inserted;

  IF p_forgive_bucket IS NOT NULL THEN
    DELETE FROM rate_limit_counters c WHERE c.bucket = p_forgive_bucket AND c.key = p_forgive_key;
  END IF;
  IF p_release_bucket IS NOT NULL THEN
    UPDATE rate_limit_counters c
       SET hits = c.hits[:array_position(c.hits, p_release_at) - 1]
                  || c.hits[array_position(c.hits, p_release_at) + 1:]
     WHERE c.bucket = p_release_bucket AND c.key = p_release_key AND p_release_at = ANY (c.hits);
  END IF;

  IF inserted AND had_others THEN
    SELECT a.email INTO address FROM accounts a WHERE a.id = p_account_id;
  END IF;
  IF address IS NOT NULL AND NOT p_mail_follows THEN
    RAISE EXCEPTION 'a new browser: the sign-in writes an email' USING ERRCODE = 'LS001';
  END IF;
  RETURN QUERY SELECT p_account_id, address;
END;
$function$

-- take_rate_limit_slots(p_buckets text[], p_keys text[], p_windows integer[], p_limits integer[])
CREATE OR REPLACE FUNCTION take_rate_limit_slots(p_buckets text[], p_keys text[], p_windows integer[], p_limits integer[])
 RETURNS TABLE(taken_at text, refused_bucket text, retry_after integer)
 LANGUAGE plpgsql
AS $function$
DECLARE
  i integer;
  slot text;
  refused integer;
BEGIN
  BEGIN
    FOR i IN 1 .. array_length(p_buckets, 1) LOOP
      slot := NULL;
      INSERT INTO rate_limit_counters AS c (bucket, key, hits) VALUES (p_buckets[i], p_keys[i], ARRAY[now()])
      ON CONFLICT (bucket, key) DO UPDATE
         SET hits = ARRAY(SELECT h FROM unnest(c.hits) AS h
                           WHERE h > now() - make_interval(mins => p_windows[i]) ORDER BY h) || now(),
             updated_at = now()
       WHERE (SELECT count(*) FROM unnest(c.hits) AS h
               WHERE h > now() - make_interval(mins => p_windows[i])) < p_limits[i]
      RETURNING now()::text INTO slot;
      IF slot IS NULL THEN
        refused := i;
        RAISE EXCEPTION 'rate limited' USING ERRCODE = 'LR001';
      END IF;
    END LOOP;
  EXCEPTION WHEN SQLSTATE 'LR001' THEN
    NULL;
  END;
  IF refused IS NULL THEN
    RETURN QUERY SELECT slot, NULL::text, NULL::integer;
    RETURN;
  END IF;

  RETURN QUERY
  SELECT NULL::text, p_buckets[refused],
         GREATEST(1, COALESCE(MAX(CEIL(EXTRACT(EPOCH FROM
           (newest.h + make_interval(mins => p_windows[j]) - now())))::integer), 0))
    FROM generate_subscripts(p_buckets, 1) AS j
    JOIN rate_limit_counters c ON c.bucket = p_buckets[j] AND c.key = p_keys[j]
    CROSS JOIN LATERAL (SELECT h FROM unnest(c.hits) AS h
                         WHERE h > now() - make_interval(mins => p_windows[j])
                         ORDER BY h DESC OFFSET p_limits[j] - 1 LIMIT 1) newest;
END;
$function$

-- viewer_changed()
CREATE OR REPLACE FUNCTION viewer_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE accounts SET viewer_version = viewer_version + 1 WHERE id IN (OLD.account_id, NEW.account_id); RETURN NULL; END $function$

-- wallet_mark_changed_from_account()
CREATE OR REPLACE FUNCTION wallet_mark_changed_from_account()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE wallet_passes SET change_seq = change_seq + 1 WHERE account_id = NEW.id; RETURN NULL; END $function$

-- wallet_mark_changed_from_ledger()
CREATE OR REPLACE FUNCTION wallet_mark_changed_from_ledger()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE wallet_passes p SET change_seq = p.change_seq + 1
    FROM (SELECT DISTINCT account_id FROM changed_entries) c
   WHERE p.account_id = c.account_id; RETURN NULL; END $function$

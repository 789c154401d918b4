-- A purchase's database work, trimmed: record_purchase (0031) confirmed the member's
-- matured points with an UPDATE on every purchase, and an UPDATE of ledger_entries runs the wallet's
-- statement trigger (0017) even when it changes no row. Most members have nothing matured, so one
-- pass over their pending rows now answers both what has matured and what is pending, and the
-- UPDATE (with its trigger) runs only when something has matured. The rules, outcomes and locking are
-- those of 0031: the member's row lock is taken first, and every confirmer of matured points takes it
-- too (pending-points.ts), so the rows counted are the rows the UPDATE confirms.
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
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  member accounts%ROWTYPE;
  prior ledger_entries%ROWTYPE;
  written ledger_entries%ROWTYPE;
  matured bigint;
  due bigint;
  holding bigint;
  purchased timestamptz := COALESCE(p_purchased_at, now());
  confirms timestamptz := COALESCE(p_purchased_at, now()) + make_interval(days => p_returns_window_days);
BEGIN
  -- A replay needs no lock: the stored row answers (or refuses another body).
  SELECT * INTO prior FROM ledger_entries l WHERE l.kind = 'purchase' AND l.request_key = p_order_id;
  IF FOUND THEN
    RETURN QUERY SELECT CASE WHEN prior.request_hash = p_hash THEN 'replayed' ELSE 'key-reused' END,
      (SELECT a.loyalty_id FROM accounts a WHERE a.id = prior.account_id), NULL::bigint, prior;
    RETURN;
  END IF;

  IF p_account IS NOT NULL THEN
    SELECT * INTO member FROM accounts a WHERE a.id = p_account FOR UPDATE;
  ELSE
    SELECT * INTO member FROM accounts a
     WHERE (a.loyalty_id = btrim(p_member) OR (a.email = lower(btrim(p_member)) AND a.email_verified))
       AND a.deleted_at IS NULL
     FOR UPDATE;
  END IF;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'member-not-found'::text, NULL::text, NULL::bigint, NULL::ledger_entries;
    RETURN;
  END IF;

  -- Under the lock: a request with the same key that held it before us has committed by now.
  SELECT * INTO prior FROM ledger_entries l WHERE l.kind = 'purchase' AND l.request_key = p_order_id;
  IF FOUND THEN
    RETURN QUERY SELECT CASE WHEN prior.request_hash = p_hash THEN 'replayed' ELSE 'key-reused' END,
      (SELECT a.loyalty_id FROM accounts a WHERE a.id = prior.account_id), NULL::bigint, prior;
    RETURN;
  END IF;

  -- One pass over the member's pending rows (partial index): how many have matured, and the sum of all.
  SELECT COUNT(*) FILTER (WHERE l.confirms_at <= now()), COALESCE(SUM(l.points), 0)
    INTO due, holding
    FROM ledger_entries l
   WHERE l.account_id = member.id AND l.confirmed_at IS NULL AND l.confirms_at IS NOT NULL;
  -- The matured ones move into the balance (pending-points.ts confirmMatured), only if there are any.
  matured := 0;
  IF due > 0 THEN
    WITH confirmed AS (
      UPDATE ledger_entries l SET confirmed_at = now()
       WHERE l.account_id = member.id AND l.confirmed_at IS NULL AND l.confirms_at IS NOT NULL
         AND l.confirms_at <= now()
       RETURNING l.points
    ) SELECT COALESCE(SUM(c.points), 0) INTO matured FROM confirmed c;
  END IF;
  -- Confirmed and pending together may not pass the limit (pending-points.ts checkPointsLimit):
  -- the balance before crediting the matured points plus every pending row, matured ones included.
  holding := member.points_balance + holding;

  IF p_points > 0 AND holding + p_points > p_max_points THEN
    IF matured <> 0 THEN
      UPDATE accounts a SET points_balance = a.points_balance + matured WHERE a.id = member.id;
    END IF;
    RETURN QUERY SELECT 'points-limit'::text, member.loyalty_id, holding, NULL::ledger_entries;
    RETURN;
  END IF;

  INSERT INTO ledger_entries AS l (account_id, kind, points, confirms_at, confirmed_at, order_id, channel,
    store_display_name, fascia_display_name, order_value, order_currency, created_at, request_key,
    request_hash, discount, source)
  VALUES (member.id, 'purchase', p_points, confirms, CASE WHEN confirms <= now() THEN now() END,
    p_order_id, p_channel, p_store, p_fascia, p_value, p_currency, purchased, p_order_id, p_hash,
    p_discount, p_source)
  ON CONFLICT (kind, request_key) WHERE request_key IS NOT NULL DO NOTHING
  RETURNING * INTO written;

  UPDATE accounts a
     SET points_balance = a.points_balance + matured
       + CASE WHEN written.id IS NOT NULL AND confirms <= now() THEN p_points ELSE 0 END
   WHERE a.id = member.id
     AND (matured <> 0 OR (written.id IS NOT NULL AND confirms <= now() AND p_points <> 0));

  IF written.id IS NULL THEN
    -- Another member's purchase with this order id committed while we held our lock.
    SELECT * INTO prior FROM ledger_entries l WHERE l.kind = 'purchase' AND l.request_key = p_order_id;
    RETURN QUERY SELECT CASE WHEN prior.request_hash = p_hash THEN 'replayed' ELSE 'key-reused' END,
      (SELECT a.loyalty_id FROM accounts a WHERE a.id = prior.account_id), NULL::bigint, prior;
    RETURN;
  END IF;
  RETURN QUERY SELECT 'created'::text, member.loyalty_id, holding, written;
END;
$$;

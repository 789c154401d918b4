-- A single purchase's database work, trimmed again, measured with perf on the backend
-- under pgbench (one client, 3,000 purchases over 200 members, as bench/run.ts spreads them):
-- - The member's reference was lowered and trimmed in the WHERE clause of the locking UPDATE, and
--   the generic plan PL/pgSQL settles on after five calls scans a small accounts table sequentially
--   (as the bench's and a new scheme's is), so lower() ran once per account row on every purchase
--   (4% of the backend's time, and the scan through every row's updated versions as much again).
--   The reference is normalised once, into variables, and the function plans its statements with
--   sequential scans off (its SET clause, restored on return): every statement in it is a look-up by
--   a key that has an index, which is the plan a large table gets anyway.
-- - The wallet pass's change_seq is moved in the statement that answers (a data-modifying WITH),
--   one executor start less per purchase.
-- Rules, outcomes, locking and the bookkeeping are 0046's.
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
  prior ledger_entries%ROWTYPE;
  prior_id bigint;
  written ledger_entries%ROWTYPE;
  matured bigint := 0;
  due bigint;
  holding bigint;
  purchased timestamptz := COALESCE(p_purchased_at, now());
  confirms timestamptz := COALESCE(p_purchased_at, now()) + make_interval(days => p_returns_window_days);
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

  -- The lock is an UPDATE that also bumps the viewer version when the row will be pending (confirms
  -- in the future), the viewer trigger's work (0037) done in the statement that locks anyway. A
  -- purchase then refused (the limit, a replay found under the lock) leaves a bump that only makes
  -- the viewer read again.
  IF p_account IS NOT NULL THEN
    UPDATE accounts a SET viewer_version = a.viewer_version + CASE WHEN confirms > now() THEN 1 ELSE 0 END
     WHERE a.id = p_account
     RETURNING a.id, a.loyalty_id, a.points_balance INTO member_id, member_card, member_balance;
  ELSE
    UPDATE accounts a SET viewer_version = a.viewer_version + CASE WHEN confirms > now() THEN 1 ELSE 0 END
     WHERE (a.loyalty_id = ref_card OR (a.email = ref_email AND a.email_verified))
       AND a.deleted_at IS NULL
     RETURNING a.id, a.loyalty_id, a.points_balance INTO member_id, member_card, member_balance;
  END IF;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'member-not-found'::text, NULL::text, NULL::bigint, NULL::ledger_entries;
    RETURN;
  END IF;

  -- Under the lock, in one statement (so one fresh snapshot): whether a request with the same key
  -- that held the lock before us has committed by now, and one pass over the member's pending rows
  -- (partial index) counting the matured ones and summing all.
  SELECT (SELECT l.id FROM ledger_entries l WHERE l.kind = 'purchase' AND l.request_key = p_order_id),
         COUNT(*) FILTER (WHERE l.confirms_at <= now()), COALESCE(SUM(l.points), 0)
    INTO prior_id, due, holding
    FROM ledger_entries l
   WHERE l.account_id = member_id AND l.confirmed_at IS NULL AND l.confirms_at IS NOT NULL;
  IF prior_id IS NOT NULL THEN
    SELECT * INTO prior FROM ledger_entries l WHERE l.id = prior_id;
    RETURN QUERY SELECT CASE WHEN prior.request_hash = p_hash THEN 'replayed' ELSE 'key-reused' END,
      (SELECT a.loyalty_id FROM accounts a WHERE a.id = prior.account_id), NULL::bigint, prior;
    RETURN;
  END IF;

  -- The matured ones move into the balance (pending-points.ts confirmMatured), only if there are any
  -- (this UPDATE fires the ledger's update triggers as any other).
  IF due > 0 THEN
    WITH confirmed AS (
      UPDATE ledger_entries l SET confirmed_at = now()
       WHERE l.account_id = member_id AND l.confirmed_at IS NULL AND l.confirms_at IS NOT NULL
         AND l.confirms_at <= now()
       RETURNING l.points
    ) SELECT COALESCE(SUM(c.points), 0) INTO matured FROM confirmed c;
  END IF;
  -- Confirmed and pending together may not pass the limit (pending-points.ts checkPointsLimit):
  -- the balance before crediting the matured points plus every pending row, matured ones included.
  holding := member_balance + holding;

  IF p_points > 0 AND holding + p_points > p_max_points THEN
    IF matured <> 0 THEN
      UPDATE accounts a SET points_balance = a.points_balance + matured WHERE a.id = member_id;
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
    IF matured <> 0 THEN
      UPDATE accounts a SET points_balance = a.points_balance + matured WHERE a.id = member_id;
    END IF;
    -- Another member's purchase with this order id committed while we held our lock.
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

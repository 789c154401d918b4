-- One purchase (a till's or a partner's request): finds and locks the member, confirms their matured
-- points, checks the points limit, writes the ledger row and does the insert's bookkeeping itself
-- (viewer version, kept pending sum, wallet pass). Outcomes: created, replayed, key-reused,
-- member-not-found, points-limit. Caller: points/purchase-command.ts. History: migrations 0031, 0040,
-- 0046, 0050, 0056. Rules and tests: docs/ledger.md.
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
                        WHERE l.account_id = a.id AND ledger_entry_matured(l.confirmed_at, l.confirms_at))
      INTO member_id, member_card, member_balance, member_pending, due;
  ELSE
    UPDATE accounts a SET viewer_version = a.viewer_version + CASE WHEN confirms > now() THEN 1 ELSE 0 END,
                          pending_points = a.pending_points + adding
     WHERE (a.loyalty_id = ref_card OR (a.email = ref_email AND a.email_verified))
       AND a.deleted_at IS NULL
     RETURNING a.id, a.loyalty_id, a.points_balance, a.pending_points - adding,
               EXISTS (SELECT 1 FROM ledger_entries l
                        WHERE l.account_id = a.id AND ledger_entry_matured(l.confirmed_at, l.confirms_at))
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
       WHERE l.account_id = member_id AND ledger_entry_matured(l.confirmed_at, l.confirms_at)
       RETURNING l.points
    ) SELECT COALESCE(SUM(c.points), 0) INTO matured FROM confirmed c;
  END IF;
  -- The points limit (ledger_passes_points_limit): the balance before crediting the matured points
  -- plus every pending row, matured ones included.
  holding := member_balance + member_pending;

  IF ledger_passes_points_limit(holding, p_points, p_max_points) THEN
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
    request_hash, discount, source, bookkept_by_writer)
  VALUES (member_id, 'purchase', p_points, confirms, CASE WHEN confirms <= now() THEN now() END,
    p_order_id, p_channel, p_store, p_fascia, p_value, p_currency, purchased, p_order_id, p_hash,
    p_discount, p_source, true)
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
  -- The wallet insert trigger's work, which stands aside for this row (bookkept_by_writer): any
  -- ledger row written changes the pass. (A changed balance
  -- also bumps it through the account trigger, which is harmless: change_seq only needs to move.)
  RETURN QUERY
    WITH pass AS (UPDATE wallet_passes p SET change_seq = p.change_seq + 1 WHERE p.account_id = member_id)
    SELECT 'created'::text, member_card, holding, written;
END;
$$;

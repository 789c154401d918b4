-- The members a batch has locked, for record_purchases_batch's `members` (ROWS 500). History: 0060.
CREATE OR REPLACE FUNCTION purchase_batch_members(p_locked uuid[]) RETURNS SETOF uuid
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE ROWS 500 AS $$
BEGIN
  RETURN QUERY SELECT unnest(p_locked);
END;
$$;

-- A batch's items, in order (n: the 1-based position), as record_purchases_batch's `given` reads them;
-- ROWS 500 tells the planner a batch's size. History: migration 0060.
CREATE OR REPLACE FUNCTION purchase_batch_items(
  p_members text[], p_order_ids text[], p_channels text[], p_stores text[], p_fascias text[],
  p_values integer[], p_currencies text[], p_points integer[], p_purchased_at timestamptz[],
  p_discounts text[], p_hashes text[]
) RETURNS TABLE (member text, order_id text, channel text, store text, fascia text, order_value integer,
                 currency text, points integer, purchased_at timestamptz, discount text, hash text, n bigint)
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE ROWS 500 AS $$
BEGIN
  RETURN QUERY SELECT * FROM unnest(p_members, p_order_ids, p_channels, p_stores, p_fascias, p_values,
                                    p_currencies, p_points, p_purchased_at, p_discounts, p_hashes)
                     WITH ORDINALITY;
END;
$$;

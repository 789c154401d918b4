-- Takes one slot of every rate limit named, all or none, in one round trip; a refusal answers the
-- seconds until a slot frees up. Caller: credentials/rate-limits.ts. History: migration 0033.
CREATE OR REPLACE FUNCTION take_rate_limit_slots(
  p_buckets text[],
  p_keys text[],
  p_windows integer[],
  p_limits integer[]
) RETURNS TABLE (taken_at text, refused_bucket text, retry_after integer)
LANGUAGE plpgsql VOLATILE AS $$
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
  -- Seconds until, for every limit, its limit-th newest event leaves the window.
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
$$;

-- Rate limits decided and recorded in one statement
-- (docs/decisions/0029-rate-limits-take-a-slot.md): one row per limited key holds the times of its events still inside the window.
-- INSERT ... ON CONFLICT DO UPDATE locks that row, so parallel requests for one key queue on it and
-- each sees the count the previous one left. Keys are hashed: no email or address is stored.
CREATE TABLE rate_limit_counters (
  bucket text NOT NULL,
  key text NOT NULL,
  hits timestamptz[] NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bucket, key)
);

CREATE INDEX rate_limit_counters_updated ON rate_limit_counters (updated_at);

-- The count-then-insert event log it replaces (parallel requests all saw the same count).
DROP TABLE rate_limit_events;

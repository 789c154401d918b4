-- Points expiry (docs/decisions/0061-points-expiry-lots-spent-oldest-first.md): the ledger row that takes
-- expired points, the index the expiry job walks, where each job has got to, and the reminders sent.

-- An expiry row takes points (never adds, never cash), like a negative adjustment.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check
  CHECK (kind IN ('purchase', 'return', 'adjustment', 'exchange', 'redemption', 'expiry'));
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_sign;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_sign CHECK (
  (kind = 'purchase' AND points >= 0 AND cash = 0)
  OR (kind = 'return' AND points <= 0 AND cash = 0)
  OR (kind = 'adjustment' AND points <> 0 AND cash = 0)
  OR (kind = 'exchange' AND points < 0 AND cash > 0)
  OR (kind = 'redemption' AND points = 0 AND cash < 0)
  OR (kind = 'expiry' AND points < 0 AND cash = 0)
);

-- The lots: rows that add points, by when their points counted (a purchase's confirms_at, an
-- adjustment's created_at). A lot expires `months` after that, so the lots due, and those due for a
-- reminder, are a prefix of this index; each job walks it from where it got to.
CREATE INDEX ledger_entries_lots ON ledger_entries ((COALESCE(confirms_at, created_at)), id)
  INCLUDE (account_id)
  WHERE points > 0 AND kind IN ('purchase', 'adjustment');

-- How far along ledger_entries_lots each job has got ('expiry', 'reminder'): the lots up to
-- (through, through_id) in the index's order have been seen. It only ever moves forward, so servers
-- running the jobs at once never move it back.
CREATE TABLE points_expiry_progress (
  job text PRIMARY KEY CHECK (job IN ('expiry', 'reminder')),
  through timestamptz NOT NULL,
  through_id bigint NOT NULL
);
INSERT INTO points_expiry_progress (job, through, through_id)
  VALUES ('expiry', '-infinity', 0), ('reminder', '-infinity', 0);

-- One reminder per member per expiry date (in the scheme's time zone): the primary key is what keeps
-- two servers' jobs from both emailing the member.
CREATE TABLE points_expiry_reminders (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  expires_on date NOT NULL,
  points integer NOT NULL CHECK (points > 0),
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, expires_on)
);

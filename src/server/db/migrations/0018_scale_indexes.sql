-- Indexes for the paths that must cost the same at a million members
-- (docs/decisions/0043-every-hot-query-goes-through.md; src/server/db/query-plans.api.test.ts checks
-- the plans).

-- One member's pending points: the viewer's pending and matured sums, confirming a member's matured
-- points before a write, and the points limit. The older ledger_entries_pending (confirms_at) serves
-- the sweep; without this one a member's pending read went through every member's pending rows.
CREATE INDEX ledger_entries_pending_by_account ON ledger_entries (account_id, confirms_at)
  WHERE confirmed_at IS NULL AND confirms_at IS NOT NULL;

-- The hourly session sweep deletes sessions past their absolute or idle expiry: one index for each
-- side of its OR. last_seen_at is written at most once a minute per session, so its index is cheap.
CREATE INDEX sessions_expires ON sessions (expires_at);
CREATE INDEX sessions_last_seen ON sessions (last_seen_at);

-- The outbox keeps delivered and given-up mail for a few days, then its purge deletes them by the
-- time they finished: an index on that time (NULL, and never matched, while a mail is on its way).
CREATE INDEX outbox_mail_finished ON outbox_mail ((COALESCE(sent_at, given_up_at)));

-- The audit log: one row per staff action and per partner-API write, written in the
-- writing transaction itself (src/server/audit/audit-log.ts), so a rolled-back write leaves no row
-- and a committed one always has its row.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- Who: a staff member, a named partner API key, or the bootstrap key (PARTNER_API_KEY).
  actor_kind text NOT NULL CHECK (actor_kind IN ('staff', 'api_key', 'bootstrap')),
  -- The staff member's or the API key's id; NULL for the bootstrap key. No foreign key: staff and
  -- keys are never deleted (revoked or disabled instead), and the log outlives any row it names.
  actor_id text,
  -- What the actor was called when it acted (the key's name, the staff member's email).
  actor_label text,
  -- What: a dotted action name, e.g. purchase.record, member.update, api_key.create.
  action text NOT NULL,
  -- The member it was about. Kept when the member is deleted (the account row stays as an anonymous
  -- anchor, docs/deletion.md); the change is anonymised then.
  member_id uuid REFERENCES accounts (id),
  -- The lowercased email it was about when there is no member yet (an invitation). Not named
  -- `email`: the erasure deletes rows of tables with an email column, and this row must stay.
  subject_email text,
  -- The change: before/after, or the request's meaningful fields. Never secrets or raw tokens.
  change jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Set when the member's deletion scrubbed the personal data out of this row.
  anonymised_at timestamptz
);

CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_member ON audit_log (member_id, at) WHERE member_id IS NOT NULL;
CREATE INDEX audit_log_subject_email ON audit_log (subject_email) WHERE subject_email IS NOT NULL;
CREATE INDEX audit_log_actor ON audit_log (actor_kind, actor_id, at);
CREATE INDEX audit_log_action ON audit_log (action, at);

-- Append-only, enforced here and not only in the code: no DELETE, no TRUNCATE, and no UPDATE except
-- the member deletion's anonymisation, which sets loyalty.audit_anonymise for its transaction and may
-- only rewrite the change, the subject email and anonymised_at (who, when, what and whom stay).
-- (Function bodies keep their semicolons mid-line: migrate.ts splits statements on a line-ending one.)
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('loyalty.audit_anonymise', true) = 'on'
     AND (NEW.id, NEW.at, NEW.actor_kind, NEW.actor_id, NEW.actor_label, NEW.action, NEW.member_id)
         IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.actor_kind, OLD.actor_id, OLD.actor_label, OLD.action, OLD.member_id)
  THEN RETURN NEW; END IF; RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = '42501'; END $$;

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

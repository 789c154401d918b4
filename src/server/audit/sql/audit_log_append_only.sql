-- The audit log is append-only: updates and deletes are refused, except the anonymising update a
-- member's deletion makes (loyalty.audit_anonymise). History: migration 0022.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('loyalty.audit_anonymise', true) = 'on'
     AND (NEW.id, NEW.at, NEW.actor_kind, NEW.actor_id, NEW.actor_label, NEW.action, NEW.member_id)
         IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.actor_kind, OLD.actor_id, OLD.actor_label, OLD.action, OLD.member_id)
  THEN RETURN NEW; END IF; RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = '42501'; END $$;

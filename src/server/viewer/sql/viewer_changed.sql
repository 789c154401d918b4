-- What the viewer reads changed: bump the member's viewer_version (consents, Nike links, invites).
-- History: migration 0037.
CREATE OR REPLACE FUNCTION viewer_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts SET viewer_version = viewer_version + 1 WHERE id IN (OLD.account_id, NEW.account_id); RETURN NULL; END $$;

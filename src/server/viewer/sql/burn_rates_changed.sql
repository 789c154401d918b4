-- The burn rates changed: every member's view of them is stale. History: migration 0037.
CREATE OR REPLACE FUNCTION burn_rates_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE burn_rate_revision SET revision = revision + 1; RETURN NULL; END $$;

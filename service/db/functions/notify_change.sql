-- service.notify_change as the newest migration that defines it left it:
-- service/db/migrations/0003_change_notifications.sql. The migrations are what runs; this file is
-- for reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- Every change that a process may have cached (docs/service.md, "Caches"): the catalogue (chains,
-- tokens, contracts, products and their texts, prices and the products they sell, the project row
-- with its catalogue_version) and the API keys (revoked, deleted). Each statement that touches
-- them sends one notification on `service_changes` at commit, to every process that listens — the
-- other service instances on PostgreSQL, and the one process of a PGlite folder itself — which
-- then drops its caches. Statement-level: an import of thousands of rows sends a handful, and
-- PostgreSQL folds identical notifications of one transaction into one. A new key notifies
-- nothing: no cache holds the absence of a key.
CREATE FUNCTION "service"."notify_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('service_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

-- The request log moves a key's last_used_at a few times a second (service/log/request-log.ts).
-- Migration 0003's trigger notified on every UPDATE of api_keys, and each notification makes every
-- instance drop all it keeps (docs/service.md, "Caches"): it now fires only when a column the key
-- check reads changes.
DROP TRIGGER "api_keys_notify_change" ON "service"."api_keys";--> statement-breakpoint
CREATE TRIGGER "api_keys_notify_change"
  AFTER UPDATE OF "project_id", "key_hash", "scopes", "revoked_at", "expires_at" OR DELETE OR TRUNCATE
  ON "service"."api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "service"."notify_change"();

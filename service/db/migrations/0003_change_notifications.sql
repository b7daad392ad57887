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
$$;--> statement-breakpoint
CREATE TRIGGER "projects_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service"."projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."notify_change"();--> statement-breakpoint
CREATE TRIGGER "api_keys_notify_change" AFTER UPDATE OR DELETE OR TRUNCATE ON "service"."api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."notify_change"();--> statement-breakpoint
CREATE TRIGGER "chains_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service"."chains"
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."notify_change"();--> statement-breakpoint
CREATE TRIGGER "tokens_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service"."tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."notify_change"();--> statement-breakpoint
CREATE TRIGGER "contracts_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service"."contracts"
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."notify_change"();--> statement-breakpoint
CREATE TRIGGER "products_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service"."products"
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."notify_change"();--> statement-breakpoint
CREATE TRIGGER "product_texts_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service"."product_texts"
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."notify_change"();--> statement-breakpoint
CREATE TRIGGER "prices_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service"."prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."notify_change"();--> statement-breakpoint
CREATE TRIGGER "price_products_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service"."price_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."notify_change"();

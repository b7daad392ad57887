-- Player reads kept per customer (docs/service.md, "Caches"): every change to a customer's
-- balances tells every listening process which customer changed, so it drops only that
-- customer's kept answers (payload `customer:<customers.id>`), not the whole catalogue cache. A
-- row trigger, and only on the customer's own accounts: an award posts one customer leg, a
-- settlement batch one per award it settles; PostgreSQL folds the repeats of one transaction into
-- one notification. New accounts start at zero (awards and settlements insert them empty and
-- post to them), so an insert needs no notification; an import's opening balances come with its
-- catalogue change, which drops everything anyway. Items and their attributes change only by
-- import; a customer row changes or goes only by import or a project's reset: those notify like
-- the catalogue (migration 0003).
CREATE FUNCTION "service"."notify_customer_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('service_changes', 'customer:' || NEW.customer_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_notify_customer_change" AFTER UPDATE OF "balance" ON "service"."accounts"
  FOR EACH ROW WHEN (NEW.customer_id IS NOT NULL AND NEW.balance IS DISTINCT FROM OLD.balance)
  EXECUTE FUNCTION "service"."notify_customer_change"();--> statement-breakpoint
CREATE TRIGGER "accounts_notify_change" AFTER DELETE OR TRUNCATE ON "service"."accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."notify_change"();--> statement-breakpoint
CREATE TRIGGER "customers_notify_change" AFTER UPDATE OR DELETE OR TRUNCATE ON "service"."customers"
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."notify_change"();--> statement-breakpoint
CREATE TRIGGER "items_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service"."items"
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."notify_change"();--> statement-breakpoint
CREATE TRIGGER "item_attributes_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service"."item_attributes"
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."notify_change"();

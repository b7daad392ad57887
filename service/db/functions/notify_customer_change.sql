-- service.notify_customer_change as the newest migration that defines it left it:
-- service/db/migrations/0009_holdings_notifications.sql. The migrations are what runs; this file is
-- for reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
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
$$;

CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "accounts_wallet_search_idx" ON "service"."accounts" USING btree ("project_id",(lower("wallet") collate "C"),"customer_id") WHERE "service"."accounts"."kind" = 'wallet';--> statement-breakpoint
CREATE INDEX "customers_search_key_idx" ON "service"."customers" USING btree ("project_id",(lower("customer_id") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "customers_search_trigram_idx" ON "service"."customers" USING gin (lower("customer_id") gin_trgm_ops);
CREATE SCHEMA IF NOT EXISTS "service";
--> statement-breakpoint
CREATE SEQUENCE "service"."queue_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "service"."accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"kind" text NOT NULL,
	"customer_id" integer,
	"wallet" text DEFAULT '' NOT NULL,
	"balance" numeric(78, 18) DEFAULT '0' NOT NULL,
	CONSTRAINT "accounts_owner_key" UNIQUE NULLS NOT DISTINCT("contract_id","kind","customer_id","wallet"),
	CONSTRAINT "accounts_balance_check" CHECK ("service"."accounts"."kind" = 'world' or "service"."accounts"."balance" >= 0),
	CONSTRAINT "accounts_kind_check" CHECK ("service"."accounts"."kind" in ('world', 'project', 'wallet', 'allowance')),
	CONSTRAINT "accounts_owner_check" CHECK (("service"."accounts"."kind" in ('wallet', 'allowance')) = ("service"."accounts"."customer_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "service"."api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"key_hash" "bytea" NOT NULL,
	"prefix" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "service"."award_lines" (
	"award_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"token_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"amount" numeric(78, 18) NOT NULL,
	CONSTRAINT "award_lines_award_id_position_pk" PRIMARY KEY("award_id","position")
);
--> statement-breakpoint
CREATE TABLE "service"."awards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"request_id" uuid NOT NULL,
	"request_id_text" text NOT NULL,
	"kind" text NOT NULL,
	"canonical_body" text NOT NULL,
	"customer_id" integer,
	"customer_text" text DEFAULT '' NOT NULL,
	"is_allowance" boolean DEFAULT false NOT NULL,
	"is_mintable" boolean DEFAULT false NOT NULL,
	"wallet" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"queue_seq" bigint,
	"settled" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "awards_status_check" CHECK ("service"."awards"."status" in ('Completed', 'Queued')),
	CONSTRAINT "awards_kind_check" CHECK ("service"."awards"."kind" in ('award', 'funding'))
);
--> statement-breakpoint
CREATE TABLE "service"."chains" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"address_format" text,
	CONSTRAINT "chains_address_format_check" CHECK ("service"."chains"."address_format" is null or "service"."chains"."address_format" = 'evm')
);
--> statement-breakpoint
CREATE TABLE "service"."contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"token_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"guid" uuid NOT NULL,
	"guid_text" text NOT NULL,
	"address" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service"."customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"customer_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service"."item_attributes" (
	"item_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"is_dynamic" boolean NOT NULL,
	CONSTRAINT "item_attributes_item_id_position_pk" PRIMARY KEY("item_id","position")
);
--> statement-breakpoint
CREATE TABLE "service"."items" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"guid" uuid NOT NULL,
	"guid_text" text NOT NULL,
	"contract" text DEFAULT '' NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service"."ledger_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"award_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service"."postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" numeric(78, 18) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service"."price_products" (
	"price_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "price_products_price_id_position_pk" PRIMARY KEY("price_id","position")
);
--> statement-breakpoint
CREATE TABLE "service"."prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"guid" uuid NOT NULL,
	"guid_text" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(63, 3) NOT NULL,
	"discount_amount" numeric(63, 3) NOT NULL,
	"discount_is_percentage" boolean NOT NULL,
	"tax_included" boolean NOT NULL,
	"chain" text NOT NULL,
	"from_date" timestamp with time zone,
	"to_date" timestamp with time zone,
	"from_amount" numeric(78, 0),
	"to_amount" numeric(78, 0),
	"active" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service"."product_texts" (
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"language" text NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "product_texts_product_id_position_pk" PRIMARY KEY("product_id","position"),
	CONSTRAINT "product_texts_type_check" CHECK ("service"."product_texts"."type" in ('Title', 'Description'))
);
--> statement-breakpoint
CREATE TABLE "service"."products" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"guid" uuid NOT NULL,
	"guid_text" text NOT NULL,
	"type" integer NOT NULL,
	"is_unlimited" boolean NOT NULL,
	"amount" numeric(78, 18),
	"image_url" text NOT NULL,
	"active" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service"."projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid NOT NULL,
	"guid_text" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "service"."tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"guid" uuid NOT NULL,
	"guid_text" text NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service"."accounts" ADD CONSTRAINT "accounts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "service"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."accounts" ADD CONSTRAINT "accounts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "service"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."accounts" ADD CONSTRAINT "accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "service"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."api_keys" ADD CONSTRAINT "api_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "service"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."award_lines" ADD CONSTRAINT "award_lines_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "service"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."award_lines" ADD CONSTRAINT "award_lines_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "service"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."award_lines" ADD CONSTRAINT "award_lines_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "service"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."awards" ADD CONSTRAINT "awards_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "service"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."awards" ADD CONSTRAINT "awards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "service"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."chains" ADD CONSTRAINT "chains_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "service"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."contracts" ADD CONSTRAINT "contracts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "service"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."contracts" ADD CONSTRAINT "contracts_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "service"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."contracts" ADD CONSTRAINT "contracts_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "service"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."customers" ADD CONSTRAINT "customers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "service"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."item_attributes" ADD CONSTRAINT "item_attributes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "service"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."items" ADD CONSTRAINT "items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "service"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."items" ADD CONSTRAINT "items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "service"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."items" ADD CONSTRAINT "items_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "service"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."ledger_transactions" ADD CONSTRAINT "ledger_transactions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "service"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."ledger_transactions" ADD CONSTRAINT "ledger_transactions_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "service"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."postings" ADD CONSTRAINT "postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "service"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."postings" ADD CONSTRAINT "postings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "service"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."price_products" ADD CONSTRAINT "price_products_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "service"."prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."price_products" ADD CONSTRAINT "price_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "service"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."prices" ADD CONSTRAINT "prices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "service"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."product_texts" ADD CONSTRAINT "product_texts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "service"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."products" ADD CONSTRAINT "products_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "service"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."tokens" ADD CONSTRAINT "tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "service"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_customer_idx" ON "service"."accounts" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "service"."api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "award_lines_contract_idx" ON "service"."award_lines" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "awards_project_request_idx" ON "service"."awards" USING btree ("project_id","request_id");--> statement-breakpoint
CREATE INDEX "awards_queue_idx" ON "service"."awards" USING btree ("project_id","queue_seq") WHERE "service"."awards"."status" = 'Queued';--> statement-breakpoint
CREATE UNIQUE INDEX "chains_project_name_idx" ON "service"."chains" USING btree ("project_id",upper("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_project_guid_idx" ON "service"."contracts" USING btree ("project_id","guid");--> statement-breakpoint
CREATE INDEX "contracts_token_idx" ON "service"."contracts" USING btree ("token_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_project_customer_idx" ON "service"."customers" USING btree ("project_id","customer_id");--> statement-breakpoint
CREATE INDEX "items_customer_idx" ON "service"."items" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "items_project_token_idx" ON "service"."items" USING btree ("project_id","token_id");--> statement-breakpoint
CREATE INDEX "postings_transaction_idx" ON "service"."postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "service"."postings" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prices_project_guid_idx" ON "service"."prices" USING btree ("project_id","guid");--> statement-breakpoint
CREATE INDEX "prices_project_idx" ON "service"."prices" USING btree ("project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_project_guid_idx" ON "service"."products" USING btree ("project_id","guid");--> statement-breakpoint
CREATE INDEX "products_project_active_idx" ON "service"."products" USING btree ("project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tokens_project_guid_idx" ON "service"."tokens" USING btree ("project_id","guid");
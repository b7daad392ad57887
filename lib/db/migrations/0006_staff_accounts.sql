CREATE TABLE "console"."audit_log" (
	"id" bigint PRIMARY KEY DEFAULT 0 NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_email" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"project" text DEFAULT '' NOT NULL,
	"client" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"summary" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prev_hash" text DEFAULT '' NOT NULL,
	"hash" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console"."settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console"."recovery_codes" (
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "console"."sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"second_factor_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"client" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console"."users" ADD COLUMN "totp_secret_ciphertext" text;--> statement-breakpoint
ALTER TABLE "console"."users" ADD COLUMN "totp_enrolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "console"."users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "console"."recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "console"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "console"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "console"."audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_kind_idx" ON "console"."audit_log" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "console"."audit_log" USING btree ("actor_email","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_idx" ON "console"."recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "console"."sessions" USING btree ("user_id","ended_at");--> statement-breakpoint
-- The audit log's chain (docs/console.md, "Audit log"): each row's hash covers its content and the
-- previous row's hash, as a JSON array so no field can run into the next.
CREATE FUNCTION "console"."audit_row_hash"(r "console"."audit_log") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    r.prev_hash, r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    r.actor_id, r.actor_email, r.kind, r.project, r.client, r.user_agent, r.summary, r.detail
  )::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Every insert joins the one chain, whichever console instance writes it: under a transaction
-- lock, the row takes the next id after the last committed row, the time, and the last row's hash.
CREATE FUNCTION "console"."audit_log_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_row record;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('console.audit_log'));
  SELECT id, hash INTO last_row FROM "console"."audit_log" ORDER BY id DESC LIMIT 1;
  NEW.id := coalesce(last_row.id, 0) + 1;
  NEW.at := clock_timestamp();
  NEW.prev_hash := coalesce(last_row.hash, repeat('0', 64));
  NEW.hash := "console"."audit_row_hash"(NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "console"."audit_log"
  FOR EACH ROW EXECUTE FUNCTION "console"."audit_log_chain"();--> statement-breakpoint
-- Append-only: no UPDATE, no TRUNCATE, and DELETE only from the oldest end by the retention
-- function below (lib/audit/audit-log.ts), never by hand.
CREATE FUNCTION "console"."audit_log_refuse"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('console.audit_prune', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "console"."audit_log"
  FOR EACH ROW EXECUTE FUNCTION "console"."audit_log_refuse"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "console"."audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "console"."audit_log_refuse"();--> statement-breakpoint
-- Retention: removes the rows older than the cutoff, always keeping the newest row (the chain's
-- head), and returns how many went and the hash the first remaining row chains from.
CREATE FUNCTION "console"."prune_audit_log"(cutoff timestamptz) RETURNS TABLE(deleted bigint, through_id bigint, through_hash text)
LANGUAGE plpgsql AS $$
DECLARE
  last_deleted record;
  n bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('console.audit_log'));
  SELECT id, hash INTO last_deleted FROM "console"."audit_log"
    WHERE at < cutoff AND id < (SELECT max(id) FROM "console"."audit_log") ORDER BY id DESC LIMIT 1;
  IF last_deleted.id IS NULL THEN
    RETURN QUERY SELECT 0::bigint, NULL::bigint, NULL::text;
    RETURN;
  END IF;
  PERFORM set_config('console.audit_prune', 'on', true);
  DELETE FROM "console"."audit_log" WHERE id <= last_deleted.id;
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('console.audit_prune', 'off', true);
  RETURN QUERY SELECT n, last_deleted.id::bigint, last_deleted.hash::text;
END $$;

CREATE TABLE "service"."webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"endpoint_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"latency_ms" integer NOT NULL,
	"ok" boolean NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service"."webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"endpoint_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"retries_from" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_state_check" CHECK ("service"."webhook_deliveries"."state" in ('pending', 'sending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "service"."webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT 'enabled' NOT NULL,
	"disabled_reason" text DEFAULT '' NOT NULL,
	"failing_since" timestamp with time zone,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_state_check" CHECK ("service"."webhook_endpoints"."state" in ('enabled', 'failing', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "service"."webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"type" text NOT NULL,
	"endpoint_id" integer,
	"award_id" bigint,
	"reversal_id" bigint,
	"key_id" integer,
	"data" text DEFAULT '{}' NOT NULL,
	"dedup" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fanned_out" boolean DEFAULT false NOT NULL,
	"payload" text
);
--> statement-breakpoint
CREATE TABLE "service"."webhook_thresholds" (
	"endpoint_id" integer NOT NULL,
	"token_id" integer NOT NULL,
	"below" numeric(78, 18) NOT NULL,
	CONSTRAINT "webhook_thresholds_endpoint_id_token_id_pk" PRIMARY KEY("endpoint_id","token_id"),
	CONSTRAINT "webhook_thresholds_below_check" CHECK ("service"."webhook_thresholds"."below" > 0)
);
--> statement-breakpoint
ALTER TABLE "service"."webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "service"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "service"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "service"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "service"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."webhook_events" ADD CONSTRAINT "webhook_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "service"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."webhook_events" ADD CONSTRAINT "webhook_events_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "service"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."webhook_thresholds" ADD CONSTRAINT "webhook_thresholds_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "service"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."webhook_thresholds" ADD CONSTRAINT "webhook_thresholds_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "service"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "service"."webhook_attempts" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "service"."webhook_attempts" USING btree ("endpoint_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint_idx" ON "service"."webhook_deliveries" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "service"."webhook_deliveries" USING btree ("next_attempt_at") WHERE "service"."webhook_deliveries"."state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "service"."webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_project_idx" ON "service"."webhook_endpoints" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_event_id_idx" ON "service"."webhook_events" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_dedup_idx" ON "service"."webhook_events" USING btree ("dedup");--> statement-breakpoint
CREATE INDEX "webhook_events_waiting_idx" ON "service"."webhook_events" USING btree ("id") WHERE not "service"."webhook_events"."fanned_out";--> statement-breakpoint
CREATE INDEX "webhook_thresholds_token_idx" ON "service"."webhook_thresholds" USING btree ("token_id");--> statement-breakpoint
-- The outbox's writers (docs/service.md, "Webhooks"): triggers, so that every way a change is made
-- — the award functions one by one, in batches and in sets, the settlements after a funding or a
-- reversal, the key functions — writes its event in its own transaction, and no path can forget
-- one. Statement-level with transition tables: a batch of a thousand awards writes its events in
-- one statement. Events are written only for projects with an endpoint that is not disabled.
--
-- An award is made by inserting its row; direct awards are stored as Completed and changed to
-- Queued before the statement's function returns when they must wait (migration 0017): the event
-- written at the insert is changed to award.queued by that update, inside the same transaction,
-- so no one ever sees the first one. A queued award that settles writes award.settled; a funding
-- (an awards row of kind 'funding') writes wallet.funded.
CREATE FUNCTION "service"."webhook_awards_inserted"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO service.webhook_events (project_id, type, award_id, dedup)
  SELECT n.project_id,
         CASE WHEN n.kind = 'funding' THEN 'wallet.funded'
              WHEN n.status = 'Queued' THEN 'award.queued'
              ELSE 'award.completed' END,
         n.id, 'award:' || n.id || ':made'
    FROM new_awards n
   WHERE EXISTS (SELECT 1 FROM service.webhook_endpoints e
                  WHERE e.project_id = n.project_id AND e.state <> 'disabled')
   ORDER BY n.id
  ON CONFLICT (dedup) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "service"."webhook_awards_updated"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE service.webhook_events w SET type = 'award.queued'
    FROM old_awards o JOIN new_awards n ON n.id = o.id
   WHERE o.status = 'Completed' AND n.status = 'Queued' AND n.kind = 'award'
     AND w.dedup = 'award:' || n.id || ':made';
  INSERT INTO service.webhook_events (project_id, type, award_id, dedup)
  SELECT n.project_id, 'award.settled', n.id, 'award:' || n.id || ':settled'
    FROM old_awards o JOIN new_awards n ON n.id = o.id
   WHERE o.status = 'Queued' AND n.status = 'Completed' AND n.kind = 'award'
     AND EXISTS (SELECT 1 FROM service.webhook_endpoints e
                  WHERE e.project_id = n.project_id AND e.state <> 'disabled')
   ORDER BY n.id
  ON CONFLICT (dedup) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "webhook_awards_inserted" AFTER INSERT ON "service"."awards"
  REFERENCING NEW TABLE AS new_awards
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."webhook_awards_inserted"();
--> statement-breakpoint
CREATE TRIGGER "webhook_awards_updated" AFTER UPDATE ON "service"."awards"
  REFERENCING OLD TABLE AS old_awards NEW TABLE AS new_awards
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."webhook_awards_updated"();
--> statement-breakpoint
-- A reversal (a queued award cancelled, or a completed one taken back) writes award.reversed.
CREATE FUNCTION "service"."webhook_reversals_inserted"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO service.webhook_events (project_id, type, award_id, reversal_id, dedup)
  SELECT n.project_id, 'award.reversed', n.award_id, n.id, 'reversal:' || n.id
    FROM new_reversals n
   WHERE EXISTS (SELECT 1 FROM service.webhook_endpoints e
                  WHERE e.project_id = n.project_id AND e.state <> 'disabled')
   ORDER BY n.id
  ON CONFLICT (dedup) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "webhook_reversals_inserted" AFTER INSERT ON "service"."reversals"
  REFERENCING NEW TABLE AS new_reversals
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."webhook_reversals_inserted"();
--> statement-breakpoint
-- wallet.low: a contract's project wallet fell from at least an endpoint's threshold for its token
-- to below it. Each crossing is one event, for that endpoint alone, with the balances of the time.
CREATE FUNCTION "service"."webhook_accounts_updated"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM service.webhook_thresholds) THEN
    RETURN NULL;
  END IF;
  INSERT INTO service.webhook_events (project_id, type, endpoint_id, data)
  SELECT n.project_id, 'wallet.low', t.endpoint_id,
         json_build_object('contract', n.contract_id, 'before', trim_scale(o.balance)::text,
                           'balance', trim_scale(n.balance)::text, 'below', trim_scale(t.below)::text)::text
    FROM old_accounts o
    JOIN new_accounts n ON n.id = o.id
    JOIN service.contracts c ON c.id = n.contract_id
    JOIN service.webhook_thresholds t ON t.token_id = c.token_id
    JOIN service.webhook_endpoints e ON e.id = t.endpoint_id AND e.state <> 'disabled'
   WHERE n.kind = 'project' AND o.balance >= t.below AND n.balance < t.below
   ORDER BY n.id, t.endpoint_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "webhook_accounts_updated" AFTER UPDATE ON "service"."accounts"
  REFERENCING OLD TABLE AS old_accounts NEW TABLE AS new_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."webhook_accounts_updated"();
--> statement-breakpoint
-- key.rolled: a live key given an end in the future (its roll's grace period); key.revoked: a key
-- that worked made to stop now. key.expiring is written by the sender's sweep, 7 days ahead.
CREATE FUNCTION "service"."webhook_keys_updated"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO service.webhook_events (project_id, type, key_id, data)
  SELECT n.project_id,
         CASE WHEN o.revoked_at IS NULL AND n.revoked_at > now() THEN 'key.rolled' ELSE 'key.revoked' END,
         n.id, json_build_object('worksUntil', n.revoked_at)::text
    FROM old_keys o
    JOIN new_keys n ON n.id = o.id
   WHERE n.revoked_at IS NOT NULL AND o.revoked_at IS DISTINCT FROM n.revoked_at
     AND (o.revoked_at IS NULL OR o.revoked_at > now())
     AND EXISTS (SELECT 1 FROM service.webhook_endpoints e
                  WHERE e.project_id = n.project_id AND e.state <> 'disabled')
   ORDER BY n.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "webhook_keys_updated" AFTER UPDATE ON "service"."api_keys"
  REFERENCING OLD TABLE AS old_keys NEW TABLE AS new_keys
  FOR EACH STATEMENT EXECUTE FUNCTION "service"."webhook_keys_updated"();

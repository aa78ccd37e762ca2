CREATE TABLE "market_update_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trading_date" date NOT NULL,
	"provider" text NOT NULL,
	"outcome" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer NOT NULL,
	"message" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"alerted" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emiten" ADD COLUMN "delisted_at" date;--> statement-breakpoint
CREATE INDEX "market_update_runs_date_idx" ON "market_update_runs" USING btree ("trading_date","id");
CREATE TABLE "screen_results" (
	"key" text NOT NULL,
	"day" date NOT NULL,
	"filter" text NOT NULL,
	"tier_rank" smallint,
	"codes" text[] NOT NULL,
	CONSTRAINT "screen_results_key_day_pk" PRIMARY KEY("key","day")
);
--> statement-breakpoint
ALTER TABLE "saved_screens" ADD COLUMN "alert_key" text;
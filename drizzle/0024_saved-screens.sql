CREATE TABLE "saved_screens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"alert" boolean DEFAULT false NOT NULL,
	"alert_codes" text[],
	"alert_day" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_screens_name_per_member" UNIQUE("user_id","name")
);
--> statement-breakpoint
ALTER TABLE "alert_events" ADD COLUMN "codes" text[];--> statement-breakpoint
ALTER TABLE "alert_events" ADD COLUMN "left_codes" text[];--> statement-breakpoint
ALTER TABLE "saved_screens" ADD CONSTRAINT "saved_screens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_screens_alert_idx" ON "saved_screens" USING btree ("query") WHERE "saved_screens"."alert";
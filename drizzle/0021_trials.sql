CREATE TABLE "trial_offers" (
	"tier" text PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trial_offers" ADD CONSTRAINT "trial_offers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_trial_per_tier" ON "memberships" USING btree ("user_id","tier") WHERE "memberships"."source" = 'trial';
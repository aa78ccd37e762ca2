CREATE TABLE "gift_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"buyer_id" uuid,
	"recipient_email" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"sent_at" timestamp with time zone,
	"redeemed_by" uuid,
	"redeemed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"revoked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_passes_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "gift_passes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_passes" ADD CONSTRAINT "gift_passes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_passes" ADD CONSTRAINT "gift_passes_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_passes" ADD CONSTRAINT "gift_passes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_passes" ADD CONSTRAINT "gift_passes_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_passes_buyer_idx" ON "gift_passes" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_passes_redeemed_by_idx" ON "gift_passes" USING btree ("redeemed_by");--> statement-breakpoint
CREATE INDEX "gift_passes_created_idx" ON "gift_passes" USING btree ("created_at");
ALTER TABLE "payments" ADD COLUMN "pay_bank" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pay_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pay_biller_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pay_by" timestamp with time zone;
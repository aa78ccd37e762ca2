CREATE TABLE "emiten_status_changes" (
	"ticker" varchar(12) NOT NULL,
	"changed_on" date NOT NULL,
	"before" text NOT NULL,
	"after" text NOT NULL,
	CONSTRAINT "emiten_status_changes_ticker_changed_on_pk" PRIMARY KEY("ticker","changed_on")
);
--> statement-breakpoint
CREATE TABLE "warrants" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"underlying" varchar(12) NOT NULL,
	"exercise_price" numeric(14, 4) NOT NULL,
	"ratio_warrants" integer DEFAULT 1 NOT NULL,
	"ratio_shares" integer DEFAULT 1 NOT NULL,
	"exercise_start" date,
	"expiry" date NOT NULL,
	CONSTRAINT "warrants_ratio" CHECK ("warrants"."ratio_warrants" > 0 and "warrants"."ratio_shares" > 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_type";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_positive";--> statement-breakpoint
ALTER TABLE "corporate_actions" ADD COLUMN "exercise_start" date;--> statement-breakpoint
ALTER TABLE "corporate_actions" ADD COLUMN "exercise_end" date;--> statement-breakpoint
ALTER TABLE "emiten" ADD COLUMN "notations" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "emiten" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "emiten_status_changes" ADD CONSTRAINT "emiten_status_changes_ticker_emiten_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."emiten"("ticker") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "warrants" ADD CONSTRAINT "warrants_code_emiten_ticker_fk" FOREIGN KEY ("code") REFERENCES "public"."emiten"("ticker") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "warrants" ADD CONSTRAINT "warrants_underlying_emiten_ticker_fk" FOREIGN KEY ("underlying") REFERENCES "public"."emiten"("ticker") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "emiten_status_changes_day_idx" ON "emiten_status_changes" USING btree ("changed_on");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_type" CHECK ("transactions"."type" in ('buy', 'sell', 'dividend', 'rights_exercise', 'rights_sale', 'rights_lapse', 'warrant_exercise', 'warrant_expiry', 'tender'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_positive" CHECK ("transactions"."shares" > 0 and "transactions"."fee" >= 0 and ("transactions"."price" > 0 or ("transactions"."price" = 0 and "transactions"."type" in ('rights_lapse', 'warrant_expiry'))));
CREATE TABLE "emiten_code_changes" (
	"old_code" varchar(12) PRIMARY KEY NOT NULL,
	"ticker" varchar(12) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "corporate_actions" DROP CONSTRAINT "corporate_actions_ticker_emiten_ticker_fk";
--> statement-breakpoint
ALTER TABLE "daily_prices" DROP CONSTRAINT "daily_prices_ticker_emiten_ticker_fk";
--> statement-breakpoint
ALTER TABLE "fundamentals" DROP CONSTRAINT "fundamentals_ticker_emiten_ticker_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_ticker_emiten_ticker_fk";
--> statement-breakpoint
ALTER TABLE "corporate_actions" ALTER COLUMN "ticker" SET DATA TYPE varchar(12);--> statement-breakpoint
ALTER TABLE "daily_prices" ALTER COLUMN "ticker" SET DATA TYPE varchar(12);--> statement-breakpoint
ALTER TABLE "emiten" ALTER COLUMN "ticker" SET DATA TYPE varchar(12);--> statement-breakpoint
ALTER TABLE "fundamentals" ALTER COLUMN "ticker" SET DATA TYPE varchar(12);--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "ticker" SET DATA TYPE varchar(12);--> statement-breakpoint
ALTER TABLE "emiten_code_changes" ADD CONSTRAINT "emiten_code_changes_ticker_emiten_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."emiten"("ticker") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "corporate_actions" ADD CONSTRAINT "corporate_actions_ticker_emiten_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."emiten"("ticker") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "daily_prices" ADD CONSTRAINT "daily_prices_ticker_emiten_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."emiten"("ticker") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "fundamentals" ADD CONSTRAINT "fundamentals_ticker_emiten_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."emiten"("ticker") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_ticker_emiten_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."emiten"("ticker") ON DELETE restrict ON UPDATE cascade;
CREATE TABLE "portfolio_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text,
	"row_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_imports_file" UNIQUE("portfolio_id","file_hash")
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"buy_bps" integer DEFAULT 15 NOT NULL,
	"sell_bps" integer DEFAULT 25 NOT NULL,
	"dividend_tax_pct" integer DEFAULT 10 NOT NULL,
	"fees_in_average" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolios_user_name" UNIQUE("user_id","name"),
	CONSTRAINT "portfolios_fee_range" CHECK ("portfolios"."buy_bps" between 0 and 1000 and "portfolios"."sell_bps" between 0 and 1000),
	CONSTRAINT "portfolios_dividend_tax" CHECK ("portfolios"."dividend_tax_pct" in (0, 10))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"date" date NOT NULL,
	"ticker" varchar(4) NOT NULL,
	"type" text NOT NULL,
	"shares" bigint NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_type" CHECK ("transactions"."type" in ('buy', 'sell', 'dividend')),
	CONSTRAINT "transactions_positive" CHECK ("transactions"."shares" > 0 and "transactions"."price" > 0 and "transactions"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "portfolio_imports" ADD CONSTRAINT "portfolio_imports_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_ticker_emiten_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."emiten"("ticker") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_import_id_portfolio_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."portfolio_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_portfolio_idx" ON "transactions" USING btree ("portfolio_id","date","seq");--> statement-breakpoint
CREATE INDEX "transactions_ticker_idx" ON "transactions" USING btree ("ticker");--> statement-breakpoint
CREATE INDEX "transactions_import_idx" ON "transactions" USING btree ("import_id");
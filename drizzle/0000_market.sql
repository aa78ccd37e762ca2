CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporate_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticker" varchar(4) NOT NULL,
	"type" text NOT NULL,
	"cum_date" date NOT NULL,
	"ex_date" date NOT NULL,
	"recording_date" date,
	"payment_date" date,
	"amount" numeric(14, 4),
	"ratio_from" integer,
	"ratio_to" integer,
	"note" text,
	CONSTRAINT "corporate_actions_natural_key" UNIQUE("ticker","type","ex_date")
);
--> statement-breakpoint
CREATE TABLE "daily_prices" (
	"ticker" varchar(4) NOT NULL,
	"date" date NOT NULL,
	"open" integer NOT NULL,
	"high" integer NOT NULL,
	"low" integer NOT NULL,
	"close" integer NOT NULL,
	"volume" bigint NOT NULL,
	CONSTRAINT "daily_prices_ticker_date_pk" PRIMARY KEY("ticker","date")
);
--> statement-breakpoint
CREATE TABLE "emiten" (
	"ticker" varchar(4) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sector" text NOT NULL,
	"sub_sector" text NOT NULL,
	"board" text NOT NULL,
	"listing_date" date NOT NULL,
	"shares_outstanding" bigint NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundamentals" (
	"ticker" varchar(4) NOT NULL,
	"period_end" date NOT NULL,
	"revenue" bigint NOT NULL,
	"net_income" bigint NOT NULL,
	"equity" bigint NOT NULL,
	"eps" numeric(14, 4) NOT NULL,
	"bvps" numeric(14, 4) NOT NULL,
	CONSTRAINT "fundamentals_ticker_period_end_pk" PRIMARY KEY("ticker","period_end")
);
--> statement-breakpoint
CREATE TABLE "index_prices" (
	"code" varchar(16) NOT NULL,
	"date" date NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"volume" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "index_prices_code_date_pk" PRIMARY KEY("code","date")
);
--> statement-breakpoint
ALTER TABLE "corporate_actions" ADD CONSTRAINT "corporate_actions_ticker_emiten_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."emiten"("ticker") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_prices" ADD CONSTRAINT "daily_prices_ticker_emiten_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."emiten"("ticker") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundamentals" ADD CONSTRAINT "fundamentals_ticker_emiten_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."emiten"("ticker") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_prices_date_idx" ON "daily_prices" USING btree ("date");
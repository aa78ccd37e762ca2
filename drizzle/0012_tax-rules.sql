CREATE TABLE "dividend_tax_decisions" (
	"portfolio_id" uuid NOT NULL,
	"dividend_key" text NOT NULL,
	"choice" text NOT NULL,
	"paid_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dividend_tax_decisions_key" UNIQUE("portfolio_id","dividend_key"),
	CONSTRAINT "dividend_tax_decisions_choice" CHECK ("dividend_tax_decisions"."choice" in ('reinvested', 'self_paid', 'undecided')),
	CONSTRAINT "dividend_tax_decisions_paid" CHECK (("dividend_tax_decisions"."choice" = 'self_paid') = ("dividend_tax_decisions"."paid_date" is not null))
);
--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "dividend_tax_rule" text DEFAULT 'by_date' NOT NULL;--> statement-breakpoint
ALTER TABLE "dividend_tax_decisions" ADD CONSTRAINT "dividend_tax_decisions_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_dividend_tax_rule" CHECK ("portfolios"."dividend_tax_rule" in ('by_date', 'fixed'));--> statement-breakpoint
-- Data migration (added by hand, not generated): a portfolio whose member chose 0 % dividend tax keeps
-- that as a fixed rate; the 10 % (the default, "resident individual") moves to the rules by date.
UPDATE "portfolios" SET "dividend_tax_rule" = 'fixed' WHERE "dividend_tax_pct" = 0;

CREATE TABLE "index_constituents" (
	"index_code" varchar(16) NOT NULL,
	"effective_date" date NOT NULL,
	"ticker" varchar(12) NOT NULL,
	CONSTRAINT "index_constituents_index_code_effective_date_ticker_pk" PRIMARY KEY("index_code","effective_date","ticker")
);
--> statement-breakpoint
ALTER TABLE "index_constituents" ADD CONSTRAINT "index_constituents_ticker_emiten_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."emiten"("ticker") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "index_constituents_ticker_idx" ON "index_constituents" USING btree ("ticker");
-- hand-added: screens evaluated before shared results keep their last codes as a result of their own
-- ('legacy:<id>'), so their first shared evaluation still tells what entered; the clean-up of old results
-- removes these rows once the screens have moved on.
INSERT INTO "screen_results" ("key", "day", "filter", "tier_rank", "codes")
  SELECT 'legacy:' || "id", "alert_day", "query", NULL, "alert_codes" FROM "saved_screens"
   WHERE "alert_codes" IS NOT NULL AND "alert_day" IS NOT NULL;
--> statement-breakpoint
UPDATE "saved_screens" SET "alert_key" = 'legacy:' || "id"
 WHERE "alert_codes" IS NOT NULL AND "alert_day" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "saved_screens" DROP COLUMN "alert_codes";
ALTER TABLE "alert_events" DROP CONSTRAINT "alert_events_alert_id_alerts_id_fk";--> statement-breakpoint
-- hand-written:
-- Room on each page of alerts for the new version of a row that fires or re-arms, so that the update is a
-- heap-only tuple (no change to an indexed column) and writes no index entry (docs/decisions/0036).
ALTER TABLE "alerts" SET (fillfactor = 70);

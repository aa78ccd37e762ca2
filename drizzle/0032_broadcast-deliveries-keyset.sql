DROP INDEX "broadcast_deliveries_status_idx";--> statement-breakpoint
CREATE INDEX "broadcast_deliveries_status_id_idx" ON "broadcast_deliveries" USING btree ("broadcast_id","status","id");
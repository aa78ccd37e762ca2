-- Every screen with its alert on is updated once per trading day (its `alert_key`, `alert_day`); room on
-- each page lets that update stay on the page as a heap-only tuple, writing no index entry
-- (docs/decisions/0042, as `alerts` in 0036).
ALTER TABLE "saved_screens" SET (fillfactor = 50);

-- hand-written: a redeemed gift (decision 0041) is a purchase of its redeemer at the moment of redemption,
-- so the overview's movements count the redeemer as new, renewed or upgraded in that WIB month, and the
-- redemption is the "previous purchase" of what they buy later (decision 0047). Revenue is unchanged: the
-- gift's money counts once, when the buyer paid. Redefines the functions of 0025, adds a trigger on
-- gift_passes, and rebuilds once. The previous purchase is found by lag() over each member's purchases.
CREATE OR REPLACE FUNCTION admin_member_months_refresh(uid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM admin_member_months WHERE user_id = uid;
  INSERT INTO admin_member_months (month, kind, user_id)
  SELECT DISTINCT admin_wib_month(b.at),
    CASE
      WHEN b.prev IS NULL THEN 'new'
      WHEN (CASE b.tier WHEN 'premium' THEN 2 WHEN 'reguler' THEN 1 ELSE 0 END)
         > (CASE b.prev WHEN 'premium' THEN 2 WHEN 'reguler' THEN 1 ELSE 0 END) THEN 'upgraded'
      ELSE 'renewed'
    END,
    uid
  FROM (
    SELECT u.at, u.tier, lag(u.tier) OVER (ORDER BY u.at) AS prev FROM (
      SELECT p.paid_at AS at, p.tier FROM payments p
      WHERE p.user_id = uid AND p.paid_at IS NOT NULL AND NOT p.gift
      UNION ALL
      SELECT g.redeemed_at, p.tier FROM gift_passes g JOIN payments p ON p.id = g.payment_id
      WHERE g.redeemed_by = uid AND g.redeemed_at IS NOT NULL) u) b
  -- Two transactions refreshing one member at once (a new checkout beside a webhook) insert the same rows.
  ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_gift_passes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.redeemed_by IS NOT NULL THEN PERFORM admin_member_months_refresh(OLD.redeemed_by); END IF;
  IF TG_OP <> 'DELETE' AND NEW.redeemed_by IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW.redeemed_by IS DISTINCT FROM OLD.redeemed_by OR NEW.redeemed_at IS DISTINCT FROM OLD.redeemed_at) THEN
    PERFORM admin_member_months_refresh(NEW.redeemed_by);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER admin_gift_passes_changed AFTER INSERT OR DELETE OR UPDATE OF redeemed_by, redeemed_at ON gift_passes
  FOR EACH ROW EXECUTE FUNCTION admin_gift_passes_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_rebuild_overview() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM admin_revenue_months;
  INSERT INTO admin_revenue_months (month, provider, gross, refunds)
  SELECT month, provider, sum(gross), sum(refunds) FROM (
    SELECT admin_wib_month(paid_at) AS month, provider, amount::bigint AS gross, 0::bigint AS refunds
    FROM payments WHERE paid_at IS NOT NULL
    UNION ALL
    SELECT admin_wib_month(refunded_at), provider, 0, amount
    FROM payments WHERE refunded_at IS NOT NULL AND status = 'refunded') t
  GROUP BY month, provider;
  DELETE FROM admin_member_months;
  INSERT INTO admin_member_months (month, kind, user_id)
  SELECT DISTINCT admin_wib_month(b.at),
    CASE
      WHEN b.prev IS NULL THEN 'new'
      WHEN (CASE b.tier WHEN 'premium' THEN 2 WHEN 'reguler' THEN 1 ELSE 0 END)
         > (CASE b.prev WHEN 'premium' THEN 2 WHEN 'reguler' THEN 1 ELSE 0 END) THEN 'upgraded'
      ELSE 'renewed'
    END,
    b.uid
  FROM (
    SELECT u.uid, u.at, u.tier, lag(u.tier) OVER (PARTITION BY u.uid ORDER BY u.at) AS prev FROM (
      SELECT p.user_id AS uid, p.paid_at AS at, p.tier FROM payments p
      WHERE p.user_id IS NOT NULL AND p.paid_at IS NOT NULL AND NOT p.gift
      UNION ALL
      SELECT g.redeemed_by, g.redeemed_at, p.tier FROM gift_passes g JOIN payments p ON p.id = g.payment_id
      WHERE g.redeemed_by IS NOT NULL AND g.redeemed_at IS NOT NULL) u) b;
END
$$;
--> statement-breakpoint
SELECT admin_rebuild_overview();

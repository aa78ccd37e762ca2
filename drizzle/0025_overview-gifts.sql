-- hand-written: a gift payment (decision 0041) is bought for someone else and grants its buyer nothing, so it
-- is no member movement of the buyer (neither the payment classified nor a "previous payment" of a later
-- one); it stays in revenue, as the money did come in. Redefines the functions of 0016 and rebuilds once.
CREATE OR REPLACE FUNCTION admin_member_months_refresh(uid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM admin_member_months WHERE user_id = uid;
  INSERT INTO admin_member_months (month, kind, user_id)
  SELECT DISTINCT admin_wib_month(p.paid_at),
    CASE
      WHEN prev.tier IS NULL THEN 'new'
      WHEN (CASE p.tier WHEN 'premium' THEN 2 WHEN 'reguler' THEN 1 ELSE 0 END)
         > (CASE prev.tier WHEN 'premium' THEN 2 WHEN 'reguler' THEN 1 ELSE 0 END) THEN 'upgraded'
      ELSE 'renewed'
    END,
    uid
  FROM payments p
  LEFT JOIN LATERAL (
    SELECT q.tier FROM payments q
    WHERE q.user_id = uid AND q.paid_at IS NOT NULL AND q.paid_at < p.paid_at AND NOT q.gift
    ORDER BY q.paid_at DESC LIMIT 1) prev ON true
  WHERE p.user_id = uid AND p.paid_at IS NOT NULL AND NOT p.gift
  -- Two transactions refreshing one member at once (a new checkout beside a webhook) insert the same rows.
  ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_payments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.paid_at IS NOT DISTINCT FROM NEW.paid_at AND OLD.refunded_at IS NOT DISTINCT FROM NEW.refunded_at
     AND OLD.status IS NOT DISTINCT FROM NEW.status AND OLD.amount IS NOT DISTINCT FROM NEW.amount
     AND OLD.provider IS NOT DISTINCT FROM NEW.provider AND OLD.tier IS NOT DISTINCT FROM NEW.tier
     AND OLD.user_id IS NOT DISTINCT FROM NEW.user_id AND OLD.gift IS NOT DISTINCT FROM NEW.gift THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF OLD.paid_at IS NOT NULL THEN
      PERFORM admin_revenue_add(admin_wib_month(OLD.paid_at), OLD.provider, -OLD.amount, 0);
    END IF;
    IF OLD.refunded_at IS NOT NULL AND OLD.status = 'refunded' THEN
      PERFORM admin_revenue_add(admin_wib_month(OLD.refunded_at), OLD.provider, 0, -OLD.amount);
    END IF;
    IF OLD.user_id IS NOT NULL THEN PERFORM admin_member_months_refresh(OLD.user_id); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.paid_at IS NOT NULL THEN
      PERFORM admin_revenue_add(admin_wib_month(NEW.paid_at), NEW.provider, NEW.amount, 0);
    END IF;
    IF NEW.refunded_at IS NOT NULL AND NEW.status = 'refunded' THEN
      PERFORM admin_revenue_add(admin_wib_month(NEW.refunded_at), NEW.provider, 0, NEW.amount);
    END IF;
    -- A new unpaid checkout changes no month; a paid row inserted directly (imports, tests) does.
    IF NEW.user_id IS NOT NULL
       AND ((TG_OP = 'INSERT' AND NEW.paid_at IS NOT NULL) OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id)) THEN
      PERFORM admin_member_months_refresh(NEW.user_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recomputes both tables from payments (after a bulk load with the trigger disabled, and here, once).
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
  SELECT DISTINCT admin_wib_month(p.paid_at),
    CASE
      WHEN prev.tier IS NULL THEN 'new'
      WHEN (CASE p.tier WHEN 'premium' THEN 2 WHEN 'reguler' THEN 1 ELSE 0 END)
         > (CASE prev.tier WHEN 'premium' THEN 2 WHEN 'reguler' THEN 1 ELSE 0 END) THEN 'upgraded'
      ELSE 'renewed'
    END,
    p.user_id
  FROM payments p
  LEFT JOIN LATERAL (
    SELECT q.tier FROM payments q
    WHERE q.user_id = p.user_id AND q.paid_at IS NOT NULL AND q.paid_at < p.paid_at AND NOT q.gift
    ORDER BY q.paid_at DESC LIMIT 1) prev ON true
  WHERE p.user_id IS NOT NULL AND p.paid_at IS NOT NULL AND NOT p.gift;
END
$$;
--> statement-breakpoint
SELECT admin_rebuild_overview();

-- hand-written: exact data versions and change notifications (decision 0044). Every server keeps what a
-- signed-in request needs in memory and listens on the channel `telaah_changes`; these triggers notify it
-- in the writing transaction (PostgreSQL delivers at commit, folding identical payloads of one
-- transaction). Payloads: `u:<user id>` (their sessions, user row or memberships changed),
-- `d:<user id>:<version>` (their portfolios or transactions changed: member_versions bumped),
-- `m:<version>` (market data changed: market_state bumped).
CREATE FUNCTION telaah_members_changed(uids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  uid uuid;
  ver bigint;
BEGIN
  -- In user order, so that two writes touching the same members cannot deadlock on their rows.
  FOR uid IN SELECT DISTINCT u FROM unnest(uids) AS u WHERE u IS NOT NULL ORDER BY u LOOP
    INSERT INTO member_versions AS v (user_id, version) VALUES (uid, 1)
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1
    RETURNING v.version INTO ver;
    PERFORM pg_notify('telaah_changes', 'd:' || uid || ':' || ver);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE FUNCTION telaah_portfolios_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM telaah_members_changed(ARRAY(SELECT user_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM telaah_members_changed(ARRAY(SELECT user_id FROM old_rows));
  ELSE
    PERFORM telaah_members_changed(ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A transaction's member is its portfolio's; rows deleted with their portfolio find none, and the
-- portfolio's own trigger bumps the member.
CREATE FUNCTION telaah_transactions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM telaah_members_changed(ARRAY(
      SELECT p.user_id FROM portfolios p WHERE p.id IN (SELECT portfolio_id FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM telaah_members_changed(ARRAY(
      SELECT p.user_id FROM portfolios p WHERE p.id IN (SELECT portfolio_id FROM old_rows)));
  ELSE
    PERFORM telaah_members_changed(ARRAY(
      SELECT p.user_id FROM portfolios p
       WHERE p.id IN (SELECT portfolio_id FROM new_rows UNION SELECT portfolio_id FROM old_rows)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER portfolios_changed_insert AFTER INSERT ON portfolios
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION telaah_portfolios_changed();
--> statement-breakpoint
CREATE TRIGGER portfolios_changed_update AFTER UPDATE ON portfolios
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION telaah_portfolios_changed();
--> statement-breakpoint
CREATE TRIGGER portfolios_changed_delete AFTER DELETE ON portfolios
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION telaah_portfolios_changed();
--> statement-breakpoint
CREATE TRIGGER transactions_changed_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION telaah_transactions_changed();
--> statement-breakpoint
CREATE TRIGGER transactions_changed_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION telaah_transactions_changed();
--> statement-breakpoint
CREATE TRIGGER transactions_changed_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION telaah_transactions_changed();
--> statement-breakpoint
-- The user of a changed sessions, memberships (TG_ARGV[0] = 'user_id') or users ('id') row.
CREATE FUNCTION telaah_identity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('telaah_changes', 'u:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('telaah_changes', 'u:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER INSERT OR UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION telaah_identity_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER memberships_changed AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION telaah_identity_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION telaah_identity_changed('id');
--> statement-breakpoint
CREATE FUNCTION telaah_market_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('telaah_changes', 'm:' || NEW.version);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER market_state_changed AFTER INSERT OR UPDATE ON market_state
  FOR EACH ROW EXECUTE FUNCTION telaah_market_changed();
--> statement-breakpoint
-- A TRUNCATE fires none of the triggers above: it bumps every member's data version and tells every
-- server to forget all it kept (payload `*`). Nothing in the app truncates; this covers maintenance.
CREATE FUNCTION telaah_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_versions SET version = version + 1;
  PERFORM pg_notify('telaah_changes', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER portfolios_truncated AFTER TRUNCATE ON portfolios
  FOR EACH STATEMENT EXECUTE FUNCTION telaah_truncated();
--> statement-breakpoint
CREATE TRIGGER transactions_truncated AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION telaah_truncated();
--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION telaah_truncated();
--> statement-breakpoint
CREATE TRIGGER memberships_truncated AFTER TRUNCATE ON memberships
  FOR EACH STATEMENT EXECUTE FUNCTION telaah_truncated();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION telaah_truncated();

-- Every API process keeps answers and sessions in memory and drops them when the rows behind them change:
-- these triggers announce each change on the channel 'tracker_changes' as 'sheet:<id>' or 'user:<id>'.
-- NOTIFY is transactional (sent at commit, never for a rolled-back write) and identical payloads within
-- one transaction are sent once. Mappings, questions and workspace records reach the channel through the
-- version bumps of migration 0004, which update the sheets and users rows.
CREATE FUNCTION notify_sheet_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('tracker_changes', 'sheet:' || OLD.sheet_id);
  ELSE
    PERFORM pg_notify('tracker_changes', 'sheet:' || NEW.sheet_id);
    IF TG_OP = 'UPDATE' AND NEW.sheet_id IS DISTINCT FROM OLD.sheet_id THEN
      PERFORM pg_notify('tracker_changes', 'sheet:' || OLD.sheet_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION notify_sheet_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tracker_changes', 'sheet:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION notify_user_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tracker_changes', 'user:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A new session changes no cached answer; an ended one must stop being honoured at once.
  PERFORM pg_notify('tracker_changes', 'user:' || OLD.user_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sheets_changed AFTER UPDATE OR DELETE ON sheets FOR EACH ROW EXECUTE FUNCTION notify_sheet_row_change();--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER collaborators_changed AFTER INSERT OR UPDATE OR DELETE ON collaborators FOR EACH ROW EXECUTE FUNCTION notify_sheet_change();--> statement-breakpoint
CREATE TRIGGER sheet_follows_changed AFTER INSERT OR UPDATE OR DELETE ON sheet_follows FOR EACH ROW EXECUTE FUNCTION notify_sheet_change();

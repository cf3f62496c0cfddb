-- Every tick, star and workspace write bumps users.records_version for each user it writes (0004). The row
-- trigger of users (0018) then built two jsonb copies of each such row to tell a bump from any other change,
-- and queued its tag row by row. The bump now queues its users' 'records:<id>' tags itself, in one
-- statement, and the row trigger runs only for updates that leave records_version alone: this function is
-- the one writer of records_version, and it changes nothing else. Pages of users keep room for a new row
-- version (fillfactor), so a bump, which changes no indexed column, is a heap-only update rather than a new
-- entry in each of the table's three indexes.
ALTER TABLE users SET (fillfactor = 90);--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_user_records_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM changed) ORDER BY id FOR NO KEY UPDATE;
  UPDATE users SET records_version = records_version + 1 WHERE id IN (SELECT DISTINCT user_id FROM changed);
  INSERT INTO change_feed.pending (tag) SELECT DISTINCT 'records:' || user_id FROM changed;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_user_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_feed.pending (tag) VALUES ('user:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER users_changed ON users;--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE ON users FOR EACH ROW WHEN (OLD.records_version IS NOT DISTINCT FROM NEW.records_version) EXECUTE FUNCTION notify_user_row_change();--> statement-breakpoint
CREATE TRIGGER users_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();--> statement-breakpoint
-- Ours fire in a bulk import too, which runs as a replica (0007).
ALTER TABLE users ENABLE ALWAYS TRIGGER users_changed;--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER users_deleted;

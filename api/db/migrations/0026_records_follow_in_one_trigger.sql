-- What follows a write of records (users.records_version and its announcement, 0004 and 0023; the review
-- cards' active flag, 0010) was two statement triggers an event. A tick is an upsert, which fires the
-- statement triggers of both inserts and updates, so every tick's statement ran four, two of them over an
-- empty table. One function now does both, once an event, and returns at once when the event wrote no row.
-- It keeps both functions' rule that rows are found by their keys (0024), and locks the users first, in
-- id order (0019).
CREATE FUNCTION user_records_follow() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM changed) THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM changed) ORDER BY id FOR NO KEY UPDATE;
  UPDATE users SET records_version = records_version + 1 WHERE id IN (SELECT DISTINCT user_id FROM changed);
  INSERT INTO change_feed.pending (tag) SELECT DISTINCT 'records:' || user_id FROM changed;
  IF TG_OP = 'DELETE' THEN
    UPDATE review_cards c SET active = false FROM changed r
      WHERE c.user_id = r.user_id AND c.question_id = r.question_id AND c.active;
  ELSE
    UPDATE review_cards c SET active = (r.checked OR r.starred) FROM changed r
      WHERE c.user_id = r.user_id AND c.question_id = r.question_id AND c.active IS DISTINCT FROM (r.checked OR r.starred);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER user_questions_inserted ON user_questions;--> statement-breakpoint
DROP TRIGGER user_questions_updated ON user_questions;--> statement-breakpoint
DROP TRIGGER user_questions_deleted ON user_questions;--> statement-breakpoint
DROP TRIGGER user_questions_review_inserted ON user_questions;--> statement-breakpoint
DROP TRIGGER user_questions_review_updated ON user_questions;--> statement-breakpoint
DROP TRIGGER user_questions_review_deleted ON user_questions;--> statement-breakpoint
DROP FUNCTION bump_user_records_version();--> statement-breakpoint
DROP FUNCTION review_cards_follow_records();--> statement-breakpoint
CREATE TRIGGER user_questions_inserted AFTER INSERT ON user_questions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION user_records_follow();--> statement-breakpoint
CREATE TRIGGER user_questions_updated AFTER UPDATE ON user_questions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION user_records_follow();--> statement-breakpoint
CREATE TRIGGER user_questions_deleted AFTER DELETE ON user_questions REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION user_records_follow();--> statement-breakpoint
-- Ours fire in a bulk import too, which runs as a replica (0007).
ALTER TABLE user_questions ENABLE ALWAYS TRIGGER user_questions_inserted;--> statement-breakpoint
ALTER TABLE user_questions ENABLE ALWAYS TRIGGER user_questions_updated;--> statement-breakpoint
ALTER TABLE user_questions ENABLE ALWAYS TRIGGER user_questions_deleted;

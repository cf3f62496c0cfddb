DROP INDEX "review_cards_user_due_idx";--> statement-breakpoint
ALTER TABLE "review_cards" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "review_cards_queue_idx" ON "review_cards" USING btree ("user_id","due") WHERE "review_cards"."active" and not "review_cards"."suspended";--> statement-breakpoint
-- A review card is in the queue's scope while its question is in the workspace, solved or starred. Kept
-- here, whatever writes the records, so the queue reads its cards without joining user_questions.
CREATE FUNCTION review_cards_follow_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE review_cards c SET active = false FROM changed r
      WHERE c.user_id = r.user_id AND c.question_id = r.question_id AND c.active;
  ELSE
    UPDATE review_cards c SET active = (r.checked OR r.starred) FROM changed r
      WHERE c.user_id = r.user_id AND c.question_id = r.question_id AND c.active IS DISTINCT FROM (r.checked OR r.starred);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER user_questions_review_inserted AFTER INSERT ON user_questions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION review_cards_follow_records();--> statement-breakpoint
CREATE TRIGGER user_questions_review_updated AFTER UPDATE ON user_questions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION review_cards_follow_records();--> statement-breakpoint
CREATE TRIGGER user_questions_review_deleted AFTER DELETE ON user_questions REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION review_cards_follow_records();--> statement-breakpoint
-- Bulk imports on the embedded database run with session_replication_role = replica (0007): these fire anyway.
ALTER TABLE "user_questions" ENABLE ALWAYS TRIGGER "user_questions_review_inserted";--> statement-breakpoint
ALTER TABLE "user_questions" ENABLE ALWAYS TRIGGER "user_questions_review_updated";--> statement-breakpoint
ALTER TABLE "user_questions" ENABLE ALWAYS TRIGGER "user_questions_review_deleted";--> statement-breakpoint
-- Cards made before this column: in scope as their records are now.
UPDATE review_cards c SET active = EXISTS (
  SELECT 1 FROM user_questions uq WHERE uq.user_id = c.user_id AND uq.question_id = c.question_id AND (uq.checked OR uq.starred));

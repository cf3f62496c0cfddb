ALTER TABLE "sheets" ADD COLUMN "content_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "records_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A sheet's content version moves with every change to its mappings, whichever code path makes it.
CREATE FUNCTION bump_sheet_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sheets SET content_version = content_version + 1 WHERE id IN (SELECT DISTINCT sheet_id FROM changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER mappings_inserted AFTER INSERT ON mappings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_sheet_content_version();--> statement-breakpoint
CREATE TRIGGER mappings_updated AFTER UPDATE ON mappings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_sheet_content_version();--> statement-breakpoint
CREATE TRIGGER mappings_deleted AFTER DELETE ON mappings REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_sheet_content_version();--> statement-breakpoint
-- ... and with every change to a question it lists, in the fields a sheet shows.
CREATE FUNCTION bump_sheet_content_version_for_questions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sheets SET content_version = content_version + 1
  WHERE id IN (
    SELECT DISTINCT m.sheet_id FROM mappings m
    JOIN new_rows n ON n.id = m.question_id
    JOIN old_rows o ON o.id = n.id
    WHERE (o.name, o.problem_url, o.platform, o.difficulty, o.topics) IS DISTINCT FROM (n.name, n.problem_url, n.platform, n.difficulty, n.topics)
  );
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER questions_updated AFTER UPDATE ON questions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_sheet_content_version_for_questions();--> statement-breakpoint
-- A user's records version moves with every change to their workspace records.
CREATE FUNCTION bump_user_records_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET records_version = records_version + 1 WHERE id IN (SELECT DISTINCT user_id FROM changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER user_questions_inserted AFTER INSERT ON user_questions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_user_records_version();--> statement-breakpoint
CREATE TRIGGER user_questions_updated AFTER UPDATE ON user_questions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_user_records_version();--> statement-breakpoint
CREATE TRIGGER user_questions_deleted AFTER DELETE ON user_questions REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_user_records_version();

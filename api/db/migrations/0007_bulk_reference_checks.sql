-- Name search uses the trigram index (0002); this one served no query and cost every insert.
DROP INDEX "questions_name_lower_idx";--> statement-breakpoint
-- Every trigger of ours fires whatever session_replication_role says. A bulk import on the embedded
-- database sets it to replica to skip only PostgreSQL's per-row foreign-key checks, and checks those
-- references itself (services/question-bulk.ts, beginBulkImport).
ALTER TABLE "mappings" ENABLE ALWAYS TRIGGER "mappings_inserted";--> statement-breakpoint
ALTER TABLE "mappings" ENABLE ALWAYS TRIGGER "mappings_updated";--> statement-breakpoint
ALTER TABLE "mappings" ENABLE ALWAYS TRIGGER "mappings_deleted";--> statement-breakpoint
ALTER TABLE "questions" ENABLE ALWAYS TRIGGER "questions_updated";--> statement-breakpoint
ALTER TABLE "user_questions" ENABLE ALWAYS TRIGGER "user_questions_inserted";--> statement-breakpoint
ALTER TABLE "user_questions" ENABLE ALWAYS TRIGGER "user_questions_updated";--> statement-breakpoint
ALTER TABLE "user_questions" ENABLE ALWAYS TRIGGER "user_questions_deleted";--> statement-breakpoint
ALTER TABLE "sheets" ENABLE ALWAYS TRIGGER "sheets_changed";--> statement-breakpoint
ALTER TABLE "users" ENABLE ALWAYS TRIGGER "users_changed";--> statement-breakpoint
ALTER TABLE "sessions" ENABLE ALWAYS TRIGGER "sessions_changed";--> statement-breakpoint
ALTER TABLE "collaborators" ENABLE ALWAYS TRIGGER "collaborators_changed";--> statement-breakpoint
ALTER TABLE "sheet_follows" ENABLE ALWAYS TRIGGER "sheet_follows_changed";

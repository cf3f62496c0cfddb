DROP INDEX "user_questions_user_created_idx";--> statement-breakpoint
DROP INDEX "user_questions_user_updated_idx";--> statement-breakpoint
CREATE INDEX "user_questions_user_created_idx" ON "user_questions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "user_questions_user_updated_idx" ON "user_questions" USING btree ("user_id","updated_at","id");
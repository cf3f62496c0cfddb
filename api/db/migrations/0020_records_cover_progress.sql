-- A sheet read answers with the viewer's ticks and stars among the sheet's questions (services/access.ts,
-- progressColumn). Read from the heap, each of the viewer's records is a page of its own (a user's records
-- are written over months, among everyone else's), so that part cost more than the rest of the read. With
-- checked and starred in the (user, question) index, it is an index-only scan merged with the sheet's
-- mappings in question order. Ticks already update an index (updated_at), so no write that was HOT is made
-- non-HOT by it; the index keeps its name and its uniqueness on (user_id, question_id) alone.
CREATE UNIQUE INDEX user_questions_user_question_cover ON user_questions USING btree (user_id, question_id) INCLUDE (checked, starred);--> statement-breakpoint
DROP INDEX user_questions_user_question_uq;--> statement-breakpoint
ALTER INDEX user_questions_user_question_cover RENAME TO user_questions_user_question_uq;

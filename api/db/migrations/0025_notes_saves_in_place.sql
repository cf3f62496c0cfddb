-- A note is saved again and again while its owner types, and each save sets updated_at. An index on that column
-- (which no query used) made every save write a new entry into each of the table's indexes; without it, a save
-- can stay on its page as a heap-only update, which touches no index. The page needs room for the new version:
-- notes fill their pages to 90 %. The list's order (a user's notes, newest first) is indexed instead.
DROP INDEX "notes_user_updated_idx";--> statement-breakpoint
CREATE INDEX "notes_user_created_idx" ON "notes" USING btree ("user_id","created_at","id");--> statement-breakpoint
ALTER TABLE "notes" SET (fillfactor = 90);

-- Every tick's statement runs these two triggers, which look up the few users and review cards it changed by
-- their primary keys. A connection plans their statements once and keeps the plans: planned while a table was
-- small (a new database, or one that grew since its last ANALYZE), a lookup read every row, by a sequential
-- scan or a hash join over the whole table, and kept doing so as the table grew (about half a millisecond a
-- tick's batch at a thousand users, more with every review card added). Without those, each changed row is
-- looked up by the primary key, at any size; a bulk import's thousands of rows are as many index lookups.
ALTER FUNCTION bump_user_records_version() SET enable_seqscan = off;--> statement-breakpoint
ALTER FUNCTION review_cards_follow_records() SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off;

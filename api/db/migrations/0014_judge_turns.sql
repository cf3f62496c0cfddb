CREATE TABLE "judge_turns" (
	"judge" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- Every API process keeps each metric's whole leaderboard in memory (services/leaderboard) and drops it
-- when it hears this: once per changing statement, at commit, whoever wrote.
CREATE FUNCTION notify_leaderboard_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tracker_changes', 'leaderboard');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER user_rankings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_rankings FOR EACH STATEMENT EXECUTE FUNCTION notify_leaderboard_change();

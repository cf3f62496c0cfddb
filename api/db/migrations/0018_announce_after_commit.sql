-- A transaction that notifies takes a cluster-wide lock before it commits and holds it until its commit
-- record is flushed, so notifying writers cannot share a WAL flush and commit one at a time: under load
-- that lock, not the write, set the pace of every tick, note and reorder (bench/RESULTS.md). The triggers
-- of 0005, 0014 and 0017 therefore no longer notify from the writing transaction: they leave their tag
-- in change_feed.pending, and announce_pending_changes() sends what is waiting there in a transaction of
-- its own, which writes no WAL (the table is unlogged) and so holds the lock only for a moment. Every API
-- process calls it when a write of its own has committed (ChangeFeed.settle, before the write answers)
-- and every second for whatever else wrote (a job, another tool, a process that stopped mid-request).
-- The table holds nothing worth keeping across a crash: a crash drops every listener, and a process
-- whose listener drops forgets everything it kept.
CREATE SCHEMA change_feed;--> statement-breakpoint
CREATE UNLOGGED TABLE change_feed.pending (tag text NOT NULL)
  WITH (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000);--> statement-breakpoint
CREATE FUNCTION announce_pending_changes(barrier text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  -- One announcer at a time, so a barrier is sent only after every tag an earlier announcer took.
  PERFORM pg_advisory_xact_lock(727275);
  FOR changed IN WITH taken AS (DELETE FROM change_feed.pending RETURNING tag) SELECT DISTINCT tag FROM taken LOOP
    PERFORM pg_notify('tracker_changes', changed);
  END LOOP;
  IF barrier IS NOT NULL THEN
    PERFORM pg_notify('tracker_changes', barrier);
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_sheet_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO change_feed.pending (tag) VALUES ('sheet:' || OLD.sheet_id);
  ELSE
    INSERT INTO change_feed.pending (tag) VALUES ('sheet:' || NEW.sheet_id);
    IF TG_OP = 'UPDATE' AND NEW.sheet_id IS DISTINCT FROM OLD.sheet_id THEN
      INSERT INTO change_feed.pending (tag) VALUES ('sheet:' || OLD.sheet_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_sheet_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_feed.pending (tag) VALUES ('sheet:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_user_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND to_jsonb(NEW) - 'records_version' = to_jsonb(OLD) - 'records_version' THEN
    INSERT INTO change_feed.pending (tag) VALUES ('records:' || NEW.id);
  ELSE
    INSERT INTO change_feed.pending (tag) VALUES ('user:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_feed.pending (tag) VALUES ('user:' || OLD.user_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_leaderboard_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_feed.pending (tag) VALUES ('leaderboard');
  RETURN NULL;
END $$;

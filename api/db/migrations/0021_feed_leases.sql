-- A process answers repeated reads from memory and drops what an announced change affects (0005, 0018).
-- Another process's write must not then be answered from that memory as if it had not happened: a write
-- answers only once every process that may answer from memory has heard it. Such a process holds a lease
-- here, renewed by its own announcements (every second, and with each write's barrier) and valid in that
-- process only once the announcement has come back to it; a writer waits for each other leaseholder the
-- barrier's announcement lists to acknowledge the barrier, or for its lease to run out
-- (api/db/feed-leases.ts). The table holds nothing worth keeping across a crash: every lease is then gone
-- with its listener.
CREATE UNLOGGED TABLE change_feed.leases (listener text PRIMARY KEY, lease_until timestamptz NOT NULL);--> statement-breakpoint
CREATE FUNCTION announce_leased_changes(signal text, listener text, lease_ms integer) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  now_at timestamptz;
  holders text;
BEGIN
  -- Under the announcers' lock, held to commit: a lease taken after this barrier's list of leaseholders was
  -- read is announced after the barrier, so its holder has heard the barrier's changes before it holds it.
  PERFORM announce_pending_changes(signal);
  now_at := clock_timestamp();
  DELETE FROM change_feed.leases l WHERE l.lease_until < now_at - interval '1 minute';
  INSERT INTO change_feed.leases AS l (listener, lease_until) VALUES (listener, now_at + make_interval(secs => lease_ms / 1000.0))
    ON CONFLICT ON CONSTRAINT leases_pkey DO UPDATE SET lease_until = excluded.lease_until;
  SELECT coalesce(json_object_agg(l.listener, ceil(extract(epoch FROM l.lease_until - now_at) * 1000)), '{}')::text INTO holders
    FROM change_feed.leases l WHERE l.lease_until > now_at AND l.listener <> announce_leased_changes.listener;
  RETURN holders;
END $$;--> statement-breakpoint
CREATE FUNCTION leave_change_feed(listener text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM change_feed.leases l WHERE l.listener = leave_change_feed.listener;
  PERFORM pg_notify('tracker_changes', 'feed:gone:' || listener);
END $$;

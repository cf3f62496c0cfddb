-- A workspace write changes only users.records_version (migration 0004). It is announced as 'records:<id>',
-- so what is built from the user's records (a sheet answer's progress) is dropped while what is built
-- from the user alone (a kept session) stays: a tick no longer costs the next request a session read.
CREATE OR REPLACE FUNCTION notify_user_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND to_jsonb(NEW) - 'records_version' = to_jsonb(OLD) - 'records_version' THEN
    PERFORM pg_notify('tracker_changes', 'records:' || NEW.id);
  ELSE
    PERFORM pg_notify('tracker_changes', 'user:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  END IF;
  RETURN NULL;
END $$;

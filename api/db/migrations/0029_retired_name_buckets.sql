-- A lock per name filled the lock table on a statement writing thousands of rows (out of shared memory).
-- Names now hash into a fixed number of buckets per kind, so a transaction holds at most that many
-- locks whatever it writes. Two names sharing a bucket wait for each other: a short wait, never a
-- wrong answer. The guarantee stays: the trigger and a rename lock a name's bucket, so a rename and a
-- take of the same name cannot both win, and a retired name is refused to anyone but its owner.
CREATE FUNCTION lock_names(kind text, VARIADIC names text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bucket integer;
BEGIN
  -- In bucket order, so two renames locking two names each cannot wait for each other in a circle.
  FOR bucket IN SELECT DISTINCT hashtext(lower(n)) & 255 FROM unnest(names) n WHERE n IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtext('retired-name:' || kind), bucket);
  END LOOP;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION refuse_retired_name() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted text := to_jsonb(NEW) ->> TG_ARGV[1];
BEGIN
  IF wanted IS NULL OR (TG_OP = 'UPDATE' AND wanted IS NOT DISTINCT FROM (to_jsonb(OLD) ->> TG_ARGV[1])) THEN
    RETURN NEW;
  END IF;
  PERFORM lock_names(TG_ARGV[0], wanted);
  IF EXISTS (
    SELECT 1 FROM retired_names r
    WHERE r.kind = TG_ARGV[0] AND r.name = lower(wanted) AND coalesce(r.sheet_id, r.user_id) IS DISTINCT FROM NEW.id
  ) THEN
    RAISE EXCEPTION 'the name % is kept for its previous owner', wanted
      USING ERRCODE = 'unique_violation', CONSTRAINT = TG_ARGV[2];
  END IF;
  RETURN NEW;
END $$;

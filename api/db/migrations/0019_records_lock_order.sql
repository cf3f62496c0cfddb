-- Ticks that arrive together are written as one statement (services/records.ts), and two such statements
-- may name the same users in different orders: each locks its users' rows in id order before bumping
-- them, so they wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION bump_user_records_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM changed) ORDER BY id FOR NO KEY UPDATE;
  UPDATE users SET records_version = records_version + 1 WHERE id IN (SELECT DISTINCT user_id FROM changed);
  RETURN NULL;
END $$;

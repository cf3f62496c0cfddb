CREATE TABLE "retired_names" (
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"sheet_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retired_names_kind_name_pk" PRIMARY KEY("kind","name"),
	CONSTRAINT "retired_names_owner_ck" CHECK (("retired_names"."kind" = 'sheet-slug' and "retired_names"."sheet_id" is not null and "retired_names"."user_id" is null) or ("retired_names"."kind" = 'profile-name' and "retired_names"."user_id" is not null and "retired_names"."sheet_id" is null))
);
--> statement-breakpoint
CREATE TABLE "user_avatars" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"image" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sheets" ADD COLUMN "rank" integer;--> statement-breakpoint
ALTER TABLE "retired_names" ADD CONSTRAINT "retired_names_sheet_id_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retired_names" ADD CONSTRAINT "retired_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retired_names_sheet_idx" ON "retired_names" USING btree ("sheet_id");--> statement-breakpoint
CREATE INDEX "retired_names_user_idx" ON "retired_names" USING btree ("user_id");--> statement-breakpoint
-- Curated sheets keep the order their invented follower figures gave them as an editorial rank...
UPDATE "sheets" SET "rank" = ranked.r
FROM (SELECT "id", row_number() OVER (ORDER BY "followers" DESC, "name") AS r FROM "sheets" WHERE "category" IS NOT NULL) AS ranked
WHERE "sheets"."id" = ranked."id";--> statement-breakpoint
-- ... and every sheet's followers become the follows this instance really has.
UPDATE "sheets" SET "followers" = (SELECT count(*)::int FROM "sheet_follows" f WHERE f."sheet_id" = "sheets"."id");--> statement-breakpoint
-- From now on the count moves with the follows themselves, whichever path adds or removes them (a follow,
-- an unfollow, a deleted account's cascade). Increments rather than recounts: right under concurrent follows.
CREATE FUNCTION count_sheet_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE sheets s SET followers = s.followers + c.n FROM (SELECT sheet_id, count(*)::int AS n FROM changed GROUP BY sheet_id) c WHERE s.id = c.sheet_id;
  ELSE
    UPDATE sheets s SET followers = greatest(s.followers - c.n, 0) FROM (SELECT sheet_id, count(*)::int AS n FROM changed GROUP BY sheet_id) c WHERE s.id = c.sheet_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sheet_follows_counted_in AFTER INSERT ON sheet_follows REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_sheet_follows();--> statement-breakpoint
CREATE TRIGGER sheet_follows_counted_out AFTER DELETE ON sheet_follows REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_sheet_follows();--> statement-breakpoint
-- A retired slug or profile name stays its owner's: taking it for another sheet or person fails as the
-- unique constraint on the current names does (same error code and constraint name), so every path that
-- picks a name (create, import, seed, sign-up) already treats it as taken. The lock on the name pairs with
-- the one services/retired-names.ts takes before retiring it, so a rename and a take of the same name
-- cannot both win.
-- TG_ARGV: the kind, the column holding the name, the constraint to report.
CREATE FUNCTION refuse_retired_name() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted text := to_jsonb(NEW) ->> TG_ARGV[1];
BEGIN
  IF TG_OP = 'UPDATE' AND wanted IS NOT DISTINCT FROM (to_jsonb(OLD) ->> TG_ARGV[1]) THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext(TG_ARGV[0] || ':' || lower(wanted)));
  IF EXISTS (
    SELECT 1 FROM retired_names r
    WHERE r.kind = TG_ARGV[0] AND r.name = lower(wanted) AND coalesce(r.sheet_id, r.user_id) IS DISTINCT FROM NEW.id
  ) THEN
    RAISE EXCEPTION 'the name % is kept for its previous owner', wanted
      USING ERRCODE = 'unique_violation', CONSTRAINT = TG_ARGV[2];
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER sheets_refuse_retired_slug BEFORE INSERT OR UPDATE OF slug ON sheets FOR EACH ROW EXECUTE FUNCTION refuse_retired_name('sheet-slug', 'slug', 'sheets_slug_unique');--> statement-breakpoint
CREATE TRIGGER users_refuse_retired_profile_name BEFORE INSERT OR UPDATE OF profile_name ON users FOR EACH ROW EXECUTE FUNCTION refuse_retired_name('profile-name', 'profile_name', 'users_profile_name_unique');

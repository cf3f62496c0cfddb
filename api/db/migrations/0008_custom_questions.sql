CREATE TABLE "custom_questions" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"name" text NOT NULL,
	"difficulty" text DEFAULT 'N/A' NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_questions_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "custom_questions" ADD CONSTRAINT "custom_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_questions" ADD CONSTRAINT "custom_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_questions_question_idx" ON "custom_questions" USING btree ("question_id");--> statement-breakpoint
-- Everyone who has a custom question today (added it, keeps a record of it, or wrote a note on it)
-- keeps the name, difficulty and topics they see now, as their own.
INSERT INTO "custom_questions" ("user_id", "question_id", "name", "difficulty", "topics")
SELECT DISTINCT h.user_id, q.id, q.name, q.difficulty, q.topics
FROM "questions" q
JOIN (
  SELECT created_by AS user_id, id AS question_id FROM "questions" WHERE created_by IS NOT NULL
  UNION SELECT user_id, question_id FROM "user_questions"
  UNION SELECT user_id, question_id FROM "notes" WHERE question_id IS NOT NULL
  UNION SELECT n.user_id, l.question_id FROM "note_question_links" l JOIN "notes" n ON n.id = l.note_id
) h ON h.question_id = q.id
WHERE NOT q.verified
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The shared row of a custom question then says only what its URL says (as services/questions.ts
-- nameFromKey reads a problem key), so no user's typing is seen by anyone else.
UPDATE "questions" SET
  "name" = CASE WHEN w.words ~ '\s' AND w.words = lower(w.words) THEN initcap(w.words) ELSE w.words END,
  "difficulty" = 'N/A',
  "topics" = '{}'::text[]
FROM (SELECT id, btrim(regexp_replace(key, '[-_]+', ' ', 'g')) AS words FROM "questions" WHERE NOT verified) w
WHERE "questions".id = w.id;

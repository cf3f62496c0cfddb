CREATE TABLE "judge_contest_entries" (
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"contest_id" text NOT NULL,
	"name" text NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	CONSTRAINT "judge_contest_entries_user_id_platform_contest_id_pk" PRIMARY KEY("user_id","platform","contest_id")
);
--> statement-breakpoint
CREATE TABLE "judge_solves" (
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"key" text NOT NULL,
	"solved_at" timestamp with time zone NOT NULL,
	"in_contest" boolean DEFAULT false NOT NULL,
	CONSTRAINT "judge_solves_user_id_platform_key_pk" PRIMARY KEY("user_id","platform","key")
);
--> statement-breakpoint
CREATE TABLE "practice_dismissals" (
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_dismissals_user_id_platform_key_pk" PRIMARY KEY("user_id","platform","key")
);
--> statement-breakpoint
CREATE TABLE "problem_lists" (
	"platform" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"status_detail" text,
	"refreshed_at" timestamp with time zone,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_ratings" (
	"platform" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"difficulty" integer,
	"estimated" boolean DEFAULT false NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"contest_id" text,
	"problem_index" text,
	CONSTRAINT "problem_ratings_platform_key_pk" PRIMARY KEY("platform","key")
);
--> statement-breakpoint
ALTER TABLE "judge_contest_entries" ADD CONSTRAINT "judge_contest_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_solves" ADD CONSTRAINT "judge_solves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_dismissals" ADD CONSTRAINT "practice_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "judge_contest_entries_user_ended_idx" ON "judge_contest_entries" USING btree ("user_id","ended_at");--> statement-breakpoint
CREATE INDEX "problem_ratings_difficulty_idx" ON "problem_ratings" USING btree ("platform","difficulty") WHERE "problem_ratings"."difficulty" is not null;--> statement-breakpoint
CREATE INDEX "problem_ratings_contest_idx" ON "problem_ratings" USING btree ("platform","contest_id");
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judge_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"handle" text NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"rating" integer,
	"max_rating" integer,
	"rank" text,
	"solved" integer,
	"solved_by_difficulty" jsonb,
	"contests" integer,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_detail" text,
	"refreshed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"refresh_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_rankings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"opted_in" boolean DEFAULT false NOT NULL,
	"c_score" integer DEFAULT 0 NOT NULL,
	"total_questions" integer DEFAULT 0 NOT NULL,
	"leetcode_rating" integer,
	"codeforces_rating" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_accounts" ADD CONSTRAINT "judge_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_rankings" ADD CONSTRAINT "user_rankings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contests_platform_code_uq" ON "contests" USING btree ("platform","code");--> statement-breakpoint
CREATE INDEX "contests_starts_at_idx" ON "contests" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "judge_accounts_user_platform_uq" ON "judge_accounts" USING btree ("user_id","platform");--> statement-breakpoint
CREATE INDEX "judge_accounts_platform_idx" ON "judge_accounts" USING btree ("platform");--> statement-breakpoint
CREATE INDEX "user_rankings_c_score_idx" ON "user_rankings" USING btree ("c_score" DESC NULLS LAST,"user_id") WHERE "user_rankings"."opted_in";--> statement-breakpoint
CREATE INDEX "user_rankings_total_questions_idx" ON "user_rankings" USING btree ("total_questions" DESC NULLS LAST,"user_id") WHERE "user_rankings"."opted_in";--> statement-breakpoint
CREATE INDEX "user_rankings_leetcode_rating_idx" ON "user_rankings" USING btree ("leetcode_rating" DESC NULLS LAST,"user_id") WHERE "user_rankings"."opted_in" and "user_rankings"."leetcode_rating" is not null;--> statement-breakpoint
CREATE INDEX "user_rankings_codeforces_rating_idx" ON "user_rankings" USING btree ("codeforces_rating" DESC NULLS LAST,"user_id") WHERE "user_rankings"."opted_in" and "user_rankings"."codeforces_rating" is not null;
CREATE TYPE "public"."solution_source" AS ENUM('extension', 'sync', 'manual');--> statement-breakpoint
CREATE TABLE "solutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"code" text NOT NULL,
	"code_hash" text NOT NULL,
	"language" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"attempts" integer,
	"time_spent_sec" integer,
	"source" "solution_source" NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "solutions_user_question_hash_uq" ON "solutions" USING btree ("user_id","question_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "solutions_user_question_version_uq" ON "solutions" USING btree ("user_id","question_id","version");--> statement-breakpoint
CREATE INDEX "solutions_user_created_idx" ON "solutions" USING btree ("user_id","created_at");
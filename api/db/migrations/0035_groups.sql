CREATE TYPE "public"."group_role" AS ENUM('owner', 'mentor', 'member');--> statement-breakpoint
CREATE TABLE "group_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"sheet_id" uuid NOT NULL,
	"question_ids" uuid[] NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_invites" (
	"group_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_invites_group_id_email_pk" PRIMARY KEY("group_id","email")
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "group_role" DEFAULT 'member' NOT NULL,
	"hide_from_leaderboards" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_id" uuid NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"invite_code" text NOT NULL,
	"join_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_invite_code_unique" UNIQUE("invite_code")
);
--> statement-breakpoint
ALTER TABLE "group_assignments" ADD CONSTRAINT "group_assignments_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_assignments" ADD CONSTRAINT "group_assignments_sheet_id_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_assignments" ADD CONSTRAINT "group_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invites" ADD CONSTRAINT "group_invites_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invites" ADD CONSTRAINT "group_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_assignments_group_due_idx" ON "group_assignments" USING btree ("group_id","due_at");--> statement-breakpoint
CREATE INDEX "group_assignments_sheet_idx" ON "group_assignments" USING btree ("sheet_id");--> statement-breakpoint
CREATE INDEX "group_invites_email_idx" ON "group_invites" USING btree ("email");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
-- What a process keeps of a group (its class grids) is dropped when the group, its members, invites or
-- assignments change, however the change is made: each change queues 'group:<id>' (see 0018).
CREATE FUNCTION notify_group_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'groups' THEN
    INSERT INTO change_feed.pending (tag) VALUES ('group:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  ELSE
    INSERT INTO change_feed.pending (tag) VALUES ('group:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.group_id ELSE NEW.group_id END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER groups_changed AFTER UPDATE OR DELETE ON groups FOR EACH ROW EXECUTE FUNCTION notify_group_change();--> statement-breakpoint
CREATE TRIGGER group_members_changed AFTER INSERT OR UPDATE OR DELETE ON group_members FOR EACH ROW EXECUTE FUNCTION notify_group_change();--> statement-breakpoint
CREATE TRIGGER group_invites_changed AFTER INSERT OR UPDATE OR DELETE ON group_invites FOR EACH ROW EXECUTE FUNCTION notify_group_change();--> statement-breakpoint
CREATE TRIGGER group_assignments_changed AFTER INSERT OR UPDATE OR DELETE ON group_assignments FOR EACH ROW EXECUTE FUNCTION notify_group_change();--> statement-breakpoint
ALTER TABLE "groups" ENABLE ALWAYS TRIGGER "groups_changed";--> statement-breakpoint
ALTER TABLE "group_members" ENABLE ALWAYS TRIGGER "group_members_changed";--> statement-breakpoint
ALTER TABLE "group_invites" ENABLE ALWAYS TRIGGER "group_invites_changed";--> statement-breakpoint
ALTER TABLE "group_assignments" ENABLE ALWAYS TRIGGER "group_assignments_changed";

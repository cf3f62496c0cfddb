-- As in 0007: every trigger of ours fires whatever session_replication_role says (a bulk import on the
-- embedded database runs as replica to skip only the per-row foreign-key checks).
ALTER TABLE "sheet_follows" ENABLE ALWAYS TRIGGER "sheet_follows_counted_in";--> statement-breakpoint
ALTER TABLE "sheet_follows" ENABLE ALWAYS TRIGGER "sheet_follows_counted_out";--> statement-breakpoint
ALTER TABLE "sheets" ENABLE ALWAYS TRIGGER "sheets_refuse_retired_slug";--> statement-breakpoint
ALTER TABLE "users" ENABLE ALWAYS TRIGGER "users_refuse_retired_profile_name";--> statement-breakpoint
ALTER TABLE "user_rankings" ENABLE ALWAYS TRIGGER "user_rankings_changed";

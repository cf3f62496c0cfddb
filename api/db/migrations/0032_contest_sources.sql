CREATE TABLE "contest_sources" (
	"platform" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"reached_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);

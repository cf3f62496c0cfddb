CREATE TABLE "maintenance_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);

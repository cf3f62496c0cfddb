CREATE TABLE "seed_state" (
	"name" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);

-- Trigram similarity for the question name search (exact and prefix matches rank first, then fuzzy).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "questions_name_trgm_idx" ON "questions" USING gin (lower("name") gin_trgm_ops);

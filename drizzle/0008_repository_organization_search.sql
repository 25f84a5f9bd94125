-- btree_gin lets one GIN index hold the organization next to the name's trigrams (PGlite loads it too:
-- src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "repository_organization_name_trgm_idx" ON "repository" USING gin ("organization_id","name" gin_trgm_ops);

DROP INDEX "session_updated_at_idx";--> statement-breakpoint
CREATE INDEX "session_active_updated_at_idx" ON "session" USING btree ("updated_at","user_id") WHERE "session"."impersonated_by" is null;
CREATE INDEX "user_name_id_idx" ON "user" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "user_email_id_idx" ON "user" USING btree ("email","id");
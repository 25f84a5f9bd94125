-- Searched with ILIKE '%term%': the planner estimates a term's matches from the column's histogram, and
-- 100 entries (the default) hold a 3-letter term found in 1 row of 38 zero to five times by chance. At
-- a million repositories such a term was estimated at 100 rows, matched 26,316, and every match was
-- fetched and sorted; a term in 1 row of 270 was sorted likewise. 1,000 entries keep the estimate near
-- the truth, so the planner walks the (created_at, id) index when matches are common and the trigram
-- index when they are rare. user.name has few distinct values (its common values are kept exactly);
-- user.email is unique like repository.name.
ALTER TABLE "repository" ALTER COLUMN "name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "user" ALTER COLUMN "email" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "user" ALTER COLUMN "name" SET STATISTICS 1000;--> statement-breakpoint
-- Otherwise the new target waits for autovacuum's next analyze (after 10 % of the rows change).
ANALYZE "repository" ("name");--> statement-breakpoint
ANALYZE "user" ("name", "email");

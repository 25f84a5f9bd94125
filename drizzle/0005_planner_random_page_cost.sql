-- The planner's default random_page_cost (4) prices an index or bitmap heap fetch as a spinning disk's
-- seek. Here the tables live in memory or on SSD, and with 4 the planner chose a sequential scan over
-- 100,000 users for a rare search term (280 matches; 83 ms) instead of the trigram indexes (12 ms), and
-- likewise for a capped count over a million repositories (33 ms instead of 2 ms). 1.1 is the usual value
-- for SSD-backed databases. It is a database setting, so every connection (the app's, psql, the
-- benchmarks') plans alike; it applies to connections opened afterwards. A role that may not alter the
-- database keeps the default and is told so.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET random_page_cost = 1.1', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'random_page_cost left at its default: % may not alter database %', current_user, current_database();
END
$$;

import { sql } from 'drizzle-orm';
import { runMigrations } from '../migrate.ts';
import { seedDatabase } from '../seed/seed.ts';
import { runCli } from './shared.ts';

await runCli(
  async (handle) => {
    // Dropping the schemas (ours and drizzle's journal) and migrating again gives exactly a fresh database.
    await handle.db.execute(sql`drop schema if exists public cascade`);
    await handle.db.execute(sql`drop schema if exists drizzle cascade`);
    await handle.db.execute(sql`create schema public`);
    await runMigrations(handle);
    const added = await seedDatabase(handle.db);
    console.info(`[db] reset: ${added.users} users and ${added.repositories} repositories`);
  },
  { command: 'db:reset', effect: 'deletes every row and adds sample accounts (an admin among them)' },
);

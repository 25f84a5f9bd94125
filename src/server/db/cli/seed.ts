import { runMigrations } from '../migrate.ts';
import { seedDatabase } from '../seed/seed.ts';
import { runCli } from './shared.ts';

await runCli(async (handle) => {
  await runMigrations(handle);
  const added = await seedDatabase(handle.db);
  console.info(`[db] seeded: ${added.users} users and ${added.repositories} repositories added`);
});

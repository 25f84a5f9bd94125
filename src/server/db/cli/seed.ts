import { runMigrations } from '../migrate.ts';
import { seedDatabase } from '../seed/seed.ts';
import { runCli } from './shared.ts';

await runCli(
  async (handle) => {
    await runMigrations(handle);
    const added = await seedDatabase(handle.db);
    console.info(`[db] seeded: ${added.users} users and ${added.repositories} repositories added`);
  },
  { command: 'db:seed', effect: 'adds sample accounts (an admin among them) and sample repositories' },
);

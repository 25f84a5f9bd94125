import { runMigrations } from '../migrate.ts';
import { runCli } from './shared.ts';

await runCli(async (handle) => {
  await runMigrations(handle);
  console.info('[db] migrations applied');
});

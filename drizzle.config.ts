import { defineConfig } from 'drizzle-kit';

// Only `generate` is used: migrations are applied by the app (PGlite) or `pnpm db:migrate` (server).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});

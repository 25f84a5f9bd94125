// `pnpm dev`: checks the environment, starts Vite, then opens (migrates, seeds) the database so the
// first page a developer loads already has data.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseClientEnv } from '../src/env/client-schema.ts';
import { EnvError } from '../src/lib/env-schema.ts';
import { parseServerEnv } from '../src/server/env.ts';
import { appConfig } from '../app.config.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
process.env.NODE_ENV ??= 'development';

try {
  parseClientEnv(process.env);
  parseServerEnv(process.env);
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const port = process.env.PORT ?? '3000';
const origin = `http://localhost:${port}`;
const args = ['exec', 'vite', 'dev', '--port', port, '--strictPort'];
if (process.env.HOST) args.push('--host', process.env.HOST);

const vite = spawn('pnpm', args, { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => vite.kill(signal));
}
vite.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

// The health check opens the database: migrations run and an empty database is seeded.
const started = Date.now();
for (let attempt = 0; attempt < 180; attempt++) {
  await new Promise((r) => setTimeout(r, 500));
  const ok = await fetch(`${origin}/api/health`)
    .then((r) => r.ok)
    .catch(() => false);
  if (ok) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `\n  ✔ ${appConfig.name} is ready at ${origin} (database ready in ${seconds}s)` +
        `\n    Seeded accounts: ${appConfig.seed.adminEmail} (admin), ${appConfig.seed.userEmail} (user)\n`,
    );
    break;
  }
}

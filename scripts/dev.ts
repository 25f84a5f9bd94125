// `pnpm dev`: checks the environment, starts Vite and, while it starts, puts a migrated embedded database
// in place on a first start (from a snapshot: src/server/db/dev-database.ts); the app seeds it on first
// open. Says "ready" once the database answers, so the first page a developer loads already has data.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { parseClientEnv } from '../src/env/client-schema.ts';
import { EnvError } from '../src/lib/env-schema.ts';
import { type ServerEnv, parseServerEnv } from '../src/server/env.ts';
import {
  markPreparing,
  needsPreparation,
  prepareDevDatabase,
  snapshotCacheDir,
  unmarkPreparing,
} from '../src/server/db/dev-database.ts';
import { appConfig } from '../app.config.ts';

const started = Date.now();
if (existsSync('.env')) process.loadEnvFile('.env');
process.env.NODE_ENV ??= 'development';

let serverEnv: ServerEnv;
try {
  parseClientEnv(process.env);
  serverEnv = parseServerEnv(process.env);
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// Marked before Vite starts, so the app waits for the folder instead of creating a cluster of its own.
const pgliteDir = serverEnv.DATABASE_URL ? undefined : serverEnv.PGLITE_DIR;
const preparing = pgliteDir !== undefined && needsPreparation(pgliteDir) ? pgliteDir : undefined;
if (preparing) {
  markPreparing(preparing);
  process.on('exit', () => unmarkPreparing(preparing));
}

// Without a configured SMTP server, a local catcher receives every e-mail and shows it in a web inbox,
// so a new developer can sign in with nothing to set up.
const MAIL_SMTP_PORT = 1025;
const MAIL_WEB_PORT = 1080;
let maildev: ReturnType<typeof spawn> | undefined;
if (!process.env.EMAIL_SERVER) {
  process.env.EMAIL_SERVER = `smtp://127.0.0.1:${MAIL_SMTP_PORT}`;
  process.env.DEV_INBOX_URL = `http://localhost:${MAIL_WEB_PORT}`;
  if (await isPortFree(MAIL_SMTP_PORT)) {
    maildev = spawn(
      'pnpm',
      [
        'exec',
        'maildev',
        '--smtp',
        String(MAIL_SMTP_PORT),
        '--web',
        String(MAIL_WEB_PORT),
        '--ip',
        '127.0.0.1',
        '--silent',
      ],
      { stdio: 'inherit' },
    );
  } else {
    console.info(`[dev] port ${MAIL_SMTP_PORT} is taken: assuming a mail catcher already runs there`);
  }
}

const port = process.env.PORT ?? '3000';
const origin = `http://localhost:${port}`;
const args = ['exec', 'vite', 'dev', '--port', port, '--strictPort'];
if (process.env.HOST) args.push('--host', process.env.HOST);

const vite = spawn('pnpm', args, { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    maildev?.kill(signal);
    vite.kill(signal);
  });
}
vite.on('exit', (code, signal) => {
  maildev?.kill('SIGTERM');
  process.exit(code ?? (signal ? 0 : 1));
});

if (preparing) {
  try {
    // Imported here: on a later start this process needs neither drizzle nor PGlite.
    const { migrationsFolder } = await import('../src/server/db/migrate.ts');
    const done = await prepareDevDatabase({
      dir: preparing,
      migrationsFolder: migrationsFolder(),
      cacheDir: snapshotCacheDir(),
    });
    console.info(
      done.source === 'snapshot'
        ? `[db] ${preparing}: restored the migrated snapshot in ${done.seconds.toFixed(1)}s`
        : `[db] ${preparing}: created and migrated in ${done.seconds.toFixed(1)}s (snapshot saved in ${snapshotCacheDir()} for the next first start)`,
    );
  } catch (error) {
    // The app then creates the database itself, and reports what fails there.
    console.warn(`[db] could not prepare ${preparing} in advance: ${String(error)}`);
  } finally {
    unmarkPreparing(preparing);
  }
}

// The app opens the database when it starts (migrations run and an empty database is seeded); /api/ready
// answers 200 once that is done.
const deadline = Date.now() + 180_000;
while (Date.now() < deadline) {
  const ok = await fetch(`${origin}/api/ready`)
    .then((r) => r.ok)
    .catch(() => false);
  if (ok) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `\n  ✔ ${appConfig.name} is ready at ${origin} (in ${seconds}s)` +
        `\n    Seeded accounts: ${appConfig.seed.adminEmail} (admin), ${appConfig.seed.userEmail} (user)` +
        (process.env.DEV_INBOX_URL
          ? `\n    Sign-in codes arrive in the dev inbox: ${process.env.DEV_INBOX_URL}`
          : '') +
        '\n',
    );
    break;
  }
  await new Promise((r) => setTimeout(r, 100));
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => probe.close(() => resolve(true)))
      .listen(port, '127.0.0.1');
  });
}

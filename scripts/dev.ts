// `pnpm dev`: checks the environment, starts Vite, and says "ready" once the app has opened the database
// (migrated it and, when empty, seeded it: src/server/db/database.ts), so the first page a developer loads
// already has data.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { parseClientEnv } from '../src/env/client-schema.ts';
import { EnvError } from '../src/lib/env-schema.ts';
import { parseServerEnv } from '../src/server/env.ts';
import { appConfig } from '../app.config.ts';

const started = Date.now();
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

// The server opens the database as it starts; /api/ready answers 200 once it is migrated (and seeded).
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

// The product for a benchmark: the production build on a throwaway Postgres database seeded by
// `pnpm db:seed`, with a real SMTP catcher, and a sign-in over HTTP with the mailed code.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  clientAddress,
  createThrowawayDatabase,
  type Instance,
  startInstance,
  type ThrowawayDatabase,
  waitForReady,
} from '../e2e/support/instances.ts';
import { codeFromMail, type SmtpCatcher, startSmtpCatcher } from '../src/test/smtp-catcher.ts';

const POSTGRES_SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = fileURLToPath(new URL('..', import.meta.url));

export type SeededProduct = {
  instance: Instance;
  /** The throwaway database (its small client serves a section's own queries). */
  database: ThrowawayDatabase;
  /** Signs `email` in over HTTP with the mailed code; returns the session cookie header. */
  signIn: (email: string) => Promise<string>;
};

/**
 * The production build on a throwaway Postgres database with `pnpm db:seed`'s data and a real SMTP
 * catcher for sign-in codes; its teardown is pushed onto `cleanups`. `afterSeed` runs on the seeded
 * database before the server starts (e.g. a bulk seed).
 */
export async function startSeededProduct(
  cleanups: (() => Promise<unknown>)[],
  env: Record<string, string> = {},
  afterSeed?: (databaseUrl: string) => Promise<void>,
): Promise<SeededProduct> {
  const database = await createThrowawayDatabase(POSTGRES_SERVER);
  cleanups.push(() => database.drop());
  await seed(database.url);
  await afterSeed?.(database.url);
  const catcher = await startSmtpCatcher();
  cleanups.push(() => catcher.close());
  const instance = await startInstance({
    DATABASE_URL: database.url,
    EMAIL_SERVER: catcher.url,
    // One client calling thousands of times a minute: the server-function limits stay on (their cost is
    // part of what is measured) but out of its reach.
    SERVER_FN_LIMIT_PER_USER: '100000000',
    SERVER_FN_LIMIT_PER_ADDRESS: '100000000',
    ...env,
  });
  cleanups.push(() => instance.stop(5_000));
  await waitForReady(instance);
  return { instance, database, signIn: (email) => signIn(instance, catcher, email) };
}

/** `pnpm db:seed` on the throwaway database: migrations plus the demo accounts and repositories. */
function seed(databaseUrl: string): Promise<void> {
  return runDbScript(databaseUrl, ['src/server/db/cli/seed.ts'], 60_000);
}

/** Runs one of the database scripts (`src/server/db/cli/*.ts`) against `databaseUrl`; rejects with its stderr. */
export function runDbScript(databaseUrl: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, DATABASE_URL: databaseUrl, PGLITE_DIR: '' },
      timeout: timeoutMs,
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args[0]} failed (${code}): ${errors}`)),
    );
  });
}

async function signIn(instance: Instance, catcher: SmtpCatcher, email: string): Promise<string> {
  const headers = {
    origin: instance.origin,
    'x-forwarded-for': clientAddress(),
    'content-type': 'application/json',
  };
  const since = Date.now();
  const sent = await fetch(`${instance.origin}/api/auth/email-otp/send-verification-otp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, type: 'sign-in' }),
  });
  if (sent.status !== 200) throw new Error(`code request: HTTP ${sent.status} ${await sent.text()}`);
  const otp = codeFromMail(await catcher.waitFor(email, { since }));
  // The code works only with the browser binding cookie its request was given.
  const binding = sent.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const signedIn = await fetch(`${instance.origin}/api/auth/sign-in/email-otp`, {
    method: 'POST',
    headers: { ...headers, cookie: binding },
    body: JSON.stringify({ email, otp }),
  });
  if (signedIn.status !== 200) throw new Error(`sign-in: HTTP ${signedIn.status} ${await signedIn.text()}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie;
}

/**
 * The session's active organization (where the app area's functions act), after making `organizationId`
 * the active one when given (better-auth's set-active, as the organization switcher does). Throws when
 * there is none: the app area's lists would answer NO_ACTIVE_ORGANIZATION.
 */
export async function activeOrganization(
  origin: string,
  cookie: string,
  organizationId?: string,
): Promise<string> {
  const headers = { origin, cookie, 'content-type': 'application/json' };
  if (organizationId) {
    const set = await fetch(`${origin}/api/auth/organization/set-active`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ organizationId }),
    });
    if (set.status !== 200) throw new Error(`set-active: HTTP ${set.status} ${await set.text()}`);
  }
  const response = await fetch(`${origin}/api/auth/get-session`, { headers });
  const body = (await response.json()) as { session?: { activeOrganizationId?: string | null } } | null;
  const active = body?.session?.activeOrganizationId;
  if (!active) throw new Error('the signed-in user has no active organization');
  if (organizationId && active !== organizationId) throw new Error(`the active organization is ${active}`);
  return active;
}

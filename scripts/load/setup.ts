// What the load run (run.ts) and the soak run (soak.ts) share: settings parsing, the production build,
// a throwaway database seeded on the local Postgres server, the SMTP catcher, two production instances,
// an admin for the run, the generator process, and the lock that keeps heavy runs apart.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { callServerFn, CookieJar, postAuth, serverFnPath, type Target, waitForCode } from './client.ts';
import type { ChildMessage, GeneratorConfig, GeneratorResult } from './generator.ts';
import {
  abort,
  hasCommand,
  type Instance,
  type InstanceOptions,
  onCleanup,
  run,
  startInstance,
  stopInstance,
  track,
} from './infra.ts';
import { type Mailbox, startMailbox } from './mailbox.ts';

const LOCK_FILE = '/tmp/e2e.lock';
const node = process.execPath;
export const root = fileURLToPath(new URL('../..', import.meta.url));
// A fixed test-only value (40 characters); never used outside these suites.
const AUTH_SECRET = 'load-only-secret-not-for-production-0000';
export const REDIS_URL = 'redis://127.0.0.1:6379';

export function numberSetting(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`);
  return value;
}

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
    throw new Error(`LOAD_DATABASE_URL must point at this machine (loopback), not ${host}`);
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Stops the run on Ctrl-C and SIGTERM (children stopped, database dropped); builds `.output` if asked or absent. */
export async function beginRun(serverUrl: string, rebuild: boolean): Promise<void> {
  process.chdir(root);
  process.on('SIGINT', () => void abort('interrupted', 130));
  process.on('SIGTERM', () => void abort('terminated', 143));
  assertLoopback(serverUrl);
  if (rebuild || !existsSync('.output/server/index.mjs')) {
    console.info('▶ Production build');
    // This process already holds the build lock (see `runExclusively`).
    await run('pnpm', ['build'], process.env, 10 * 60_000).catch((error: Error) => abort(error.message));
  }
}

export type RunSetup = {
  runId: string;
  workDir: string;
  dbName: string;
  databaseUrl: string;
  /** A connection to the server (not the throwaway database), ended by the cleanup. */
  admin: postgres.Sql;
  pgVersion: string;
  mailbox: Mailbox;
  instances: [Instance, Instance];
  promoterCookie: string;
  /**
   * Signs in a new admin of the run and answers its cookie. Promoting needs a sign-in within the product's
   * `auth.recentSignInMinutes` (10), so a run longer than that renews its admin; `signOut` ends the old one.
   */
  newPromoter: () => Promise<string>;
  signOut: (cookie: string) => Promise<void>;
  searchTerms: string[];
};

export type SetupOptions = {
  /** `load` or `soak`: names the database (`<kind>_<run id>`) and the work folder. */
  kind: string;
  serverUrl: string;
  keepDb: boolean;
  redis: boolean;
  /** Node arguments and environment of one instance (the soak run's probe). */
  instanceExtras?: (name: string, workDir: string) => Pick<InstanceOptions, 'nodeArgs' | 'env'>;
};

/**
 * A throwaway database (dropped by the cleanup unless kept), seeded; the SMTP catcher; instances A and B
 * of the production build on it; an admin of the run who can promote users; search terms that find
 * seeded repositories.
 */
/** The machine a run's report was taken on (both reports carry it). */
export function machineFacts(pgVersion: string, redis: boolean) {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    loadAverageAtEnd: loadavg(),
    node: process.version,
    postgres: pgVersion,
    redis,
  };
}

export async function setUpRun(options: SetupOptions): Promise<RunSetup> {
  const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const workDir = mkdtempSync(join(tmpdir(), `starter-${options.kind}-${runId}-`));
  const dbName = `${options.kind}_${runId}`;
  const admin = postgres(options.serverUrl, { max: 1, onnotice: () => {} });
  const databaseUrl = withDatabase(options.serverUrl, dbName);
  console.info(`▶ Run ${runId}: database ${dbName}, logs and raw samples in ${workDir}`);

  await admin.unsafe(`create database "${dbName}"`);
  onCleanup(async () => {
    if (options.keepDb) return console.info(`  kept database ${dbName}`);
    const dropper = postgres(options.serverUrl, { max: 1, onnotice: () => {} });
    await dropper.unsafe(`drop database if exists "${dbName}" with (force)`);
    await dropper.end();
  });
  onCleanup(() => admin.end());
  const pgVersion = (await admin`select version()`)[0]?.version as string;

  console.info('▶ Seed');
  await run('pnpm', ['-s', 'db:seed'], { ...process.env, DATABASE_URL: databaseUrl }, 120_000);

  const mailbox = await startMailbox();
  onCleanup(() => mailbox.close());

  console.info('▶ Two production instances');
  const instanceOptions = {
    databaseUrl,
    smtpUrl: mailbox.smtpUrl,
    redisUrl: options.redis ? REDIS_URL : '',
    authSecret: AUTH_SECRET,
    logDir: workDir,
  };
  const started: Instance[] = [];
  onCleanup(() => Promise.all(started.map(stopInstance)).then(() => undefined));
  for (const name of ['A', 'B']) {
    const extras = options.instanceExtras?.(name, workDir) ?? {};
    started.push(await startInstance({ name, ...instanceOptions, ...extras }));
  }
  const instances = started as [Instance, Instance];

  const promoterCookie = await bootstrapAdmin(runId, 0, instances[0], mailbox, databaseUrl);
  let promoters = 0;
  const newPromoter = () => bootstrapAdmin(runId, ++promoters, instances[0], mailbox, databaseUrl);
  const signOut = async (cookie: string) => {
    await postAuth(instances[0], '/sign-out', {}, { cookie, 'x-forwarded-for': '10.0.0.1' }, 20_000);
  };
  const searchTerms = await seededSearchTerms(databaseUrl);
  return {
    runId,
    workDir,
    dbName,
    databaseUrl,
    admin,
    pgVersion,
    mailbox,
    instances,
    promoterCookie,
    newPromoter,
    signOut,
    searchTerms,
  };
}

/** Runs the generator process for one phase and reads its result file. */
export function runGenerator(
  config: GeneratorConfig,
  configFile: string,
  onStart: (t0: number, child: ChildProcess) => void,
  onMessage: (message: ChildMessage) => void,
): Promise<GeneratorResult> {
  writeFileSync(configFile, JSON.stringify(config));
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(node, ['scripts/load/generator.ts', configFile], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    // Every request is bounded by the client timeout, so the phase ends within this.
    const limit = setTimeout(() => child.kill('SIGKILL'), (config.durationS + 30) * 1000 + config.timeoutMs);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'started') onStart(message.t0, child);
      onMessage(message);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(limit);
      if (code !== 0) return reject(new Error(`the generator of ${config.phase} failed (${code ?? signal})`));
      resolve(JSON.parse(readFileSync(config.out, 'utf8')) as GeneratorResult);
    });
  });
}

/**
 * An admin for this run that promotes the admin users (the `n`th of the run). A fresh account promoted in the database rather
 * than the seeded admin: with Redis the per-address code quota lives in Redis across runs, so the seeded
 * address would run out after five runs in an hour.
 */
async function bootstrapAdmin(
  runId: string,
  n: number,
  target: Target,
  mailbox: Mailbox,
  databaseUrl: string,
): Promise<string> {
  const email = `load-${runId}-root${n || ''}@load.test`;
  const headers = { 'x-forwarded-for': '10.0.0.1' };
  const since = Date.now();
  const sent = await postAuth(
    target,
    '/email-otp/send-verification-otp',
    { email, type: 'sign-in' },
    headers,
    20_000,
  );
  const code = sent.status === 200 ? await waitForCode(mailbox.apiUrl, email, since, 10_000) : null;
  if (!code) return abort(`bootstrap admin: no sign-in code (${sent.status} ${sent.text})`);
  // The code works only with the browser binding its request was given.
  const jar = new CookieJar();
  jar.store(sent.setCookies);
  const verified = await postAuth(
    target,
    '/sign-in/email-otp',
    { email, otp: code },
    { ...headers, cookie: jar.header() },
    20_000,
  );
  if (verified.status !== 200)
    return abort(`bootstrap admin: sign-in failed (${verified.status} ${verified.text})`);
  jar.store(verified.setCookies);
  const onboard = await callServerFn(
    target,
    'POST',
    serverFnPath('auth', '$completeOnboarding'),
    { name: 'Load Root' },
    { ...headers, cookie: jar.header() },
    20_000,
  );
  if (onboard.status !== 200) return abort(`bootstrap admin: onboarding failed (${onboard.status})`);
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await sql`update "user" set role = 'admin' where email = ${email}`;
  await sql.end();
  return jar.header();
}

/** Three-letter fragments of the seeded repository names, so searches find something. */
async function seededSearchTerms(databaseUrl: string): Promise<string[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const rows = await sql<{ name: string }[]>`select name from repository order by name limit 40`;
  await sql.end();
  return [...new Set(rows.map((r) => r.name.slice(0, 3)))];
}

/**
 * One heavy run at a time on this machine: the whole run holds the lock the e2e suite and builds take,
 * so neither measures the other's load. Re-runs this script under flock(1) when it is available.
 */
export async function runExclusively(main: () => Promise<void>): Promise<void> {
  if (process.env.LOAD_LOCK_HELD !== '1' && hasCommand('flock')) {
    console.info(`▶ Waiting for ${LOCK_FILE} (one e2e, build or load run at a time)`);
    const child = spawn('flock', [LOCK_FILE, node, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, LOAD_LOCK_HELD: '1' },
    });
    process.on('SIGINT', () => {});
    process.on('SIGTERM', () => child.kill('SIGTERM'));
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
    return;
  }
  await main().catch((error: unknown) => abort(error instanceof Error ? error.message : String(error)));
}

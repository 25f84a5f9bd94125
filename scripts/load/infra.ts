// Processes of a load run: child tracking and cleanup, the server instances, the Postgres restart and
// the CPU each of them used (Linux /proc).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FaultLog } from './checks.ts';
import type { Target } from './client.ts';
import { freePort } from '../../e2e/support/instances.ts';

export function hasCommand(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// --- Children and cleanup ---------------------------------------------------------------------------------

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;

/** Registers a step of the cleanup; steps run in reverse order of registration. */
export function onCleanup(step: () => Promise<void>): void {
  cleanups.push(step);
}

/** Runs the cleanup steps once (each bounded), then kills whatever child process is left. */
export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => console.error(error));
    for (const child of children) child.kill('SIGKILL');
  })();
  return cleaning;
}

let aborting: Promise<never> | undefined;

/** Ends the run: the first reason is printed and decides the exit code; later calls wait for it. */
export function abort(reason: string, code = 1): Promise<never> {
  aborting ??= (async () => {
    console.error(`✖ ${reason}`);
    await cleanup();
    process.exit(code);
  })();
  return aborting;
}

export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Runs a command to completion within `timeoutMs`; rejects on a non-zero exit. */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = track(spawn(command, args, { stdio: 'inherit', env, timeout: timeoutMs }));
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code ?? signal})`)),
    );
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- Server instances -------------------------------------------------------------------------------------

export type Instance = Target & {
  process: ChildProcess;
  exit: Promise<{ code: number | null; signal: string | null }>;
};

export type InstanceOptions = {
  name: string;
  databaseUrl: string;
  smtpUrl: string;
  redisUrl: string;
  authSecret: string;
  logDir: string;
  /** Extra arguments for node before the server entry (the soak run's `--import` of its probe). */
  nodeArgs?: string[];
  /** Extra environment (the soak run's SOAK_PROBE_FILE). */
  env?: Record<string, string>;
};

/** Starts `.output/server/index.mjs` on a free loopback port and waits until /api/health answers 200. */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const { name, databaseUrl, logDir } = options;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    PGLITE_DIR: '',
    BETTER_AUTH_SECRET: options.authSecret,
    BETTER_AUTH_URL: origin,
    EMAIL_SERVER: options.smtpUrl,
    // The generator plays the proxy: each virtual user has its own address in X-Forwarded-For.
    TRUST_PROXY: 'true',
    REDIS_URL: options.redisUrl,
    VITE_IS_DEMO: 'false',
    ...options.env,
  };
  const log = createWriteStream(join(logDir, `server-${name}.log`));
  const child = track(
    spawn(process.execPath, [...(options.nodeArgs ?? []), '.output/server/index.mjs'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exit = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { name, origin, process: child, exit };
    await sleep(250);
  }
  throw new Error(`instance ${name} did not become healthy (see ${join(logDir, `server-${name}.log`)})`);
}

/** SIGTERM, then SIGKILL if the instance is still running after 12 s. */
export async function stopInstance(instance: Instance): Promise<void> {
  if (instance.process.exitCode !== null || instance.process.signalCode !== null) return;
  instance.process.kill('SIGTERM');
  const stopped = await Promise.race([instance.exit.then(() => true), sleep(12_000).then(() => false)]);
  if (!stopped) instance.process.kill('SIGKILL');
}

// --- The Postgres restart ---------------------------------------------------------------------------------

export function postgresVersion(): string | undefined {
  try {
    return readdirSync('/etc/postgresql').sort().at(-1);
  } catch {
    return undefined;
  }
}

/**
 * `pg_ctlcluster <version> main restart` on the local cluster; the outcome goes to `log`. If the run is
 * stopped half-way, the cleanup starts the cluster again: it is shared with everything else here.
 */
export async function restartPostgres(log: FaultLog): Promise<void> {
  const startedAt = Date.now();
  const version = postgresVersion();
  if (!version || !hasCommand('pg_ctlcluster')) {
    log.postgresRestart = {
      startedAt,
      endedAt: startedAt,
      ok: false,
      reason: 'pg_ctlcluster or /etc/postgresql not found',
    };
    return;
  }
  const restart = run('pg_ctlcluster', [version, 'main', 'restart'], process.env, 60_000).then(
    () => {
      log.postgresRestart = { startedAt, endedAt: Date.now(), ok: true };
    },
    (error: unknown) => {
      log.postgresRestart = { startedAt, endedAt: Date.now(), ok: false, reason: String(error) };
    },
  );
  // A run stopped half-way lets the restart finish; the cluster is shared, so it is never left down.
  const startIfDown = async () => {
    await restart;
    if (!log.postgresRestart?.ok) {
      await run('pg_ctlcluster', [version, 'main', 'start'], process.env, 60_000).catch(() => undefined);
    }
  };
  onCleanup(startIfDown);
  await startIfDown();
}

// --- CPU accounting: who used the machine during a phase (Linux /proc; null where unavailable) ---------

export type CpuSnapshot = {
  at: number;
  machine?: number;
  self: number;
  instances: Record<string, number | undefined>;
  postgres: Map<number, number>;
};

/** CPU time in ticks (1/100 s) used by a process so far, or by the whole machine without a pid. */
export function cpuTicks(pid?: number): number | undefined {
  try {
    if (pid === undefined) {
      const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
        .trim()
        .split(/\s+/)
        .map(Number);
      // user nice system idle iowait irq softirq steal: all but idle and iowait are busy.
      const [, user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
      return user + nice + system + irq + softirq + steal;
    }
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** Ticks of every Postgres process by pid (the cluster is shared, so this may include other users). */
function postgresTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of existsSync('/proc') ? readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue; // ended while being read
    }
    const used = cpuTicks(Number(entry));
    if (used !== undefined) ticks.set(Number(entry), used);
  }
  return ticks;
}

const lastTicks = new Map<string, number | undefined>();

/** An instance's ticks; once it has exited, the last value read (taken right before SIGTERM at the latest). */
export function instanceTicks(instance: Instance): number | undefined {
  const ticks = cpuTicks(instance.process.pid) ?? lastTicks.get(instance.name);
  lastTicks.set(instance.name, ticks);
  return ticks;
}

export function cpuSnapshot(instances: Instance[]): CpuSnapshot {
  const own = process.cpuUsage();
  return {
    at: Date.now(),
    machine: cpuTicks(),
    self: (own.user + own.system) / 1e4,
    instances: Object.fromEntries(instances.map((i) => [i.name, instanceTicks(i)])),
    postgres: postgresTicks(),
  };
}

/** Percent of one core per process over the phase, and what the rest of the machine used. */
export function cpuUse(
  start: CpuSnapshot,
  end: CpuSnapshot,
  generatorSeconds: number,
): Record<string, number | null> {
  const seconds = (end.at - start.at) / 1000;
  const pct = (ticks: number | undefined) => (ticks === undefined ? null : Math.round(ticks / seconds));
  const delta = (a?: number, b?: number) => (a === undefined || b === undefined ? undefined : b - a);
  const machine = pct(delta(start.machine, end.machine));
  const use: Record<string, number | null> = { machine };
  for (const name of Object.keys(start.instances)) {
    use[`instance ${name}`] = pct(delta(start.instances[name], end.instances[name]));
  }
  use.generator = pct(generatorSeconds * 100);
  use.orchestrator = pct(end.self - start.self);
  // Backends that ended during the phase are missed, so this is a lower bound.
  let postgresUsed = 0;
  for (const [pid, ticks] of end.postgres) postgresUsed += ticks - (start.postgres.get(pid) ?? 0);
  use.postgres = end.postgres.size ? pct(postgresUsed) : null;
  const known = Object.entries(use).filter(([key]) => key !== 'machine');
  use['rest of the machine'] =
    machine === null || known.some(([, v]) => v === null)
      ? null
      : machine - known.reduce((sum, [, v]) => sum + (v ?? 0), 0);
  return use;
}

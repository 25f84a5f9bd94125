// The load generator: a process of its own (so its work does not share an event loop with anything it
// measures) that runs virtual users against the server instances for one phase, then writes every
// timed request and every write it made to a JSON file. Started by scripts/load/run.ts with the path of
// its config file as its only argument; it talks to the orchestrator over the IPC channel.
import { readFileSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  callServerFn,
  CookieJar,
  errorCode,
  type Kind,
  postAuth,
  readServerFn,
  type Reply,
  type Sample,
  serverFnPath,
  type Target,
  timedFetch,
  waitForCode,
} from './client.ts';
import { PhaseTotals, type Stats, summarize } from './report.ts';

export type GeneratorConfig = {
  phase: string;
  runId: string;
  targets: Target[];
  mailApi: string;
  vus: number;
  adminVus: number;
  durationS: number;
  rampS: number;
  thinkMs: [number, number];
  timeoutMs: number;
  /** Mean number of iterations between two sign-ins of one user (0: sign in once). */
  resignEvery: number;
  /** Session cookie of an admin allowed to promote the admin users. */
  promoterCookie: string;
  /** Repository name fragments to search for. */
  searchTerms: string[];
  /** Requests whose bodies are held back until after SIGTERM, so some are surely in flight. */
  heldBodies: number;
  /** The first X-Forwarded-For address, as a number; each sign-in takes the next one. */
  ipBase: number;
  out: string;
  /** Every this many ms of the phase, the figures of the requests that ended in it go to the parent (soak). */
  windowMs?: number;
  /**
   * false: each window's samples are folded into `totals` once sent and dropped, so a long run's heap stays
   * level (soak); the result then has no samples.
   */
  keepSamples?: boolean;
  /** A user due to sign in again signs out first, so the session it held is ended (soak). */
  signOutBeforeResign?: boolean;
  /** Each sign-in first opens the sign-in page without a session, as a browser does (soak). */
  visitLoginPage?: boolean;
};

export type WriteOutcome = 'ack' | 'rejected' | 'unknown';
export type CreateRecord = { name: string; outcome: WriteOutcome; id?: string; description: string };
export type UpdateRecord = { id: string; name: string; description: string; outcome: WriteOutcome };

export type GeneratorResult = {
  phase: string;
  t0: number;
  endedAt: number;
  vus: number;
  /** Users who completed a sign-in at least once. */
  signedInVus: number;
  samples: Sample[];
  /** Stats of every request by kind and by operation (`phaseStats`), when the samples were not kept. */
  totals?: ReturnType<PhaseTotals['stats']>;
  creates: CreateRecord[];
  updates: UpdateRecord[];
  /** Addresses whose onboarding was acknowledged. */
  onboarded: string[];
  /** Sign-ins whose code e-mail never reached the catcher although the server answered 200. */
  codesNotReceived: number;
  /** The stopped instance: requests in flight when SIGTERM was sent, and when it was first refused. */
  stop?: { target: string; inFlightAtSigterm: number; refusedAtMs?: number };
  /** The generator's own load: if its event loop lags, its latencies include that lag. */
  self: { cpuSeconds: number; eventLoopDelayP99Ms: number; eventLoopDelayMaxMs: number };
};

export type ParentMessage =
  | { type: 'prepareStop'; target: string }
  | { type: 'sigtermSent'; target: string }
  /** A new admin of the run to promote with (the last one's sign-in is no longer recent). */
  | { type: 'promoter'; cookie: string };
export type WindowMessage = {
  type: 'window';
  /** 1 for the first window of the phase. */
  index: number;
  /** Every request that ended in the window. */
  stats: Stats;
  /**
   * The requests without a deliberate delay: all but the code send and check, which the product holds to
   * a fixed floor (1 s and 250 ms) so their timing tells nothing; as soon as more than 1 % of requests are
   * sign-ins, that floor alone would be the p99 of `stats`.
   */
  unfloored: Stats;
  /** Sign-ins of the window whose code never arrived (each is an error of the journey). */
  codesNotReceived: number;
  /**
   * The generator's own event-loop delay p99 in the window, in ms: a request's time includes the lag of the
   * loop that timed it, so a rise here rises every operation's latency alike.
   */
  generatorLoopP99Ms: number;
};
export type ChildMessage = { type: 'started'; t0: number } | { type: 'readyToStop' } | WindowMessage;

type Call = { reply: Reply; ok: boolean; code?: string };

type VirtualUser = {
  n: number;
  label: string;
  admin: boolean;
  startAfterMs: number;
  attempts: number;
  ip: string;
  jar?: CookieJar;
  resignDue: boolean;
  items: string[];
  cursor: string | null;
  own: { id: string; name: string; link: string; version: number }[];
  created: number;
};

const config = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as GeneratorConfig;
const t0 = Date.now();
const endAt = t0 + config.durationS * 1000;
const samples: Sample[] = [];
const creates: CreateRecord[] = [];
const updates: UpdateRecord[] = [];
const onboarded: string[] = [];
let codesNotReceived = 0;
let stop: GeneratorResult['stop'];
let promoterCookie = config.promoterCookie;

const LIST = serverFnPath('repository', '$listRepositories');
const DETAIL = serverFnPath('repository', '$getRepository');
const CREATE = serverFnPath('repository', '$createRepository');
const UPDATE = serverFnPath('repository', '$updateRepository');
const ONBOARD = serverFnPath('auth', '$completeOnboarding');
/** Accept-Language of the sign-in page visits: one cached page per language and instance. */
const LANGUAGES = ['en', 'fr', 'ar', 'sw'];
/** Operations the product answers no sooner than a fixed floor (src/server/auth/codes.ts). */
const FLOORED_OPS = new Set(['sendCode', 'verify']);

// --- Routing: round robin over the instances not known to be down, as a load balancer does ------------

/** Instances sent SIGTERM, and those that then refused a connection (no longer sent anything). */
const stopping = new Set<string>();
const down = new Set<string>();
let turn = 0;

function nextTarget(): Target {
  const live = config.targets.filter((t) => !down.has(t.name));
  const pool = live.length ? live : config.targets;
  return pool[turn++ % pool.length] as Target;
}

const inFlight = new Map<number, { target: string; atSigterm: boolean }>();
let nextRequestId = 0;

/**
 * Runs one request, times it and records it; `ok` is a 2xx answer that carries no error. A stopping
 * instance that refuses the connection is marked down and the request goes to another instance, as a
 * load balancer retries a connect failure (nothing was sent); the refused attempt is recorded as such.
 */
async function record(
  kind: Kind,
  op: string,
  send: (target: Target) => Promise<Reply>,
  serverFn: boolean,
  target = nextTarget(),
): Promise<Call & { result?: unknown }> {
  const id = nextRequestId++;
  const entry = { target: target.name, atSigterm: false };
  inFlight.set(id, entry);
  const reply = await send(target);
  inFlight.delete(id);
  const read = serverFn ? readServerFn(reply) : reply.status >= 400 ? { code: errorCode(reply.text) } : {};
  const ok = reply.status >= 200 && reply.status < 300 && !read.code;
  const retry = reply.error === 'refused' && stopping.has(target.name);
  samples.push({
    kind,
    op,
    target: target.name,
    at: Math.round(performance.timeOrigin + reply.started - t0),
    ms: Math.round(reply.ms * 100) / 100,
    status: reply.status,
    ...(reply.error ? { error: reply.error } : {}),
    ...(read.code ? { code: read.code } : {}),
    ...(entry.atSigterm ? { inFlightAtSigterm: true } : {}),
    ...(stopping.has(target.name) && !entry.atSigterm ? { afterSigterm: true } : {}),
    ...(retry ? { retried: true } : {}),
  });
  if (retry) {
    if (!down.has(target.name) && stop) stop.refusedAtMs = Date.now() - t0;
    down.add(target.name);
    return record(kind, op, send, serverFn);
  }
  return {
    reply,
    ok,
    ...(read.code ? { code: read.code } : {}),
    ...('result' in read ? { result: read.result } : {}),
  };
}

function headersOf(vu: VirtualUser): Record<string, string> {
  return { 'x-forwarded-for': vu.ip, cookie: vu.jar?.header() ?? '' };
}

function ipAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;
}
let ipCounter = config.ipBase;

// --- The journey -------------------------------------------------------------------------------------

/** One sign-in with a fresh address and client address: code by e-mail, onboarding, promotion for admins. */
async function signIn(vu: VirtualUser): Promise<boolean> {
  const email = `load-${config.runId}-${config.phase}${vu.n}-${vu.attempts++}@load.test`;
  const ip = ipAddress(ipCounter++);
  const headers = { 'x-forwarded-for': ip };
  const since = Date.now();
  const { timeoutMs } = config;
  // The code works only in the browser that asked for it: its binding cookie goes with the code.
  const jar = new CookieJar();
  if (config.visitLoginPage) {
    const lng = pick(LANGUAGES);
    const page = await record(
      'signIn',
      'loginPage',
      (t) =>
        timedFetch(
          `${t.origin}/login`,
          { headers: { ...headers, accept: 'text/html', 'accept-language': lng } },
          timeoutMs,
        ),
      false,
    );
    if (!page.ok) return false;
  }
  const sent = await record(
    'signIn',
    'sendCode',
    (t) => postAuth(t, '/email-otp/send-verification-otp', { email, type: 'sign-in' }, headers, timeoutMs),
    false,
  );
  if (!sent.ok) return false;
  jar.store(sent.reply.setCookies);
  const code = await waitForCode(config.mailApi, email, since, 10_000);
  if (!code) {
    codesNotReceived++;
    return false;
  }
  const verified = await record(
    'signIn',
    'verify',
    (t) =>
      postAuth(
        t,
        '/sign-in/email-otp',
        { email, otp: code },
        { ...headers, cookie: jar.header() },
        timeoutMs,
      ),
    false,
  );
  if (!verified.ok) return false;
  jar.store(verified.reply.setCookies);
  const userId = (JSON.parse(verified.reply.text) as { user: { id: string } }).user.id;
  const cookies = { ...headers, cookie: jar.header() };
  const onboard = await record(
    'signIn',
    'onboard',
    (t) => callServerFn(t, 'POST', ONBOARD, { name: `Load ${vu.label}` }, cookies, timeoutMs),
    true,
  );
  if (!onboard.ok) return false;
  onboarded.push(email);
  // A new account has no organization: it creates its own (and it becomes the active one), as a new user
  // of the product does; repositories are read and written in it.
  const slug = `l-${config.runId}-${config.phase}${vu.n}-${vu.attempts}`.toLowerCase();
  const organized = await record(
    'signIn',
    'createOrganization',
    (t) => postAuth(t, '/organization/create', { name: `Load ${vu.label}`, slug }, cookies, timeoutMs),
    false,
  );
  if (!organized.ok) return false;
  jar.store(organized.reply.setCookies);
  if (vu.admin) {
    const promoted = await record(
      'signIn',
      'promote',
      (t) =>
        postAuth(
          t,
          '/admin/set-role',
          { userId, role: 'admin' },
          { cookie: promoterCookie, 'x-forwarded-for': ipAddress(config.ipBase - 1) },
          timeoutMs,
        ),
      false,
    );
    if (!promoted.ok) return false;
  }
  vu.jar = jar;
  vu.ip = ip;
  // A new account sees and owns none of what the last one did (soak: every re-sign-in is a new account).
  if (config.signOutBeforeResign) {
    vu.items = [];
    vu.cursor = null;
    vu.own = [];
  }
  return true;
}

type ListPage = { items: { id: string }[]; nextCursor: string | null };

async function list(vu: VirtualUser, op: string, data: Record<string, unknown>) {
  const call = await record(
    'read',
    op,
    (t) => callServerFn(t, 'GET', LIST, data, headersOf(vu), config.timeoutMs),
    true,
  );
  const page = call.result as ListPage | undefined;
  if (call.ok && page?.items.length) {
    vu.items = page.items.map((item) => item.id);
    vu.cursor = page.nextCursor;
  }
}

async function read(vu: VirtualUser): Promise<void> {
  const dice = Math.random();
  if (dice < 0.35 || !vu.items.length) return list(vu, 'list', { searchTerm: '' });
  if (dice < 0.6) return list(vu, 'search', { searchTerm: pick(config.searchTerms) });
  if (dice < 0.85) {
    const id = pick(vu.items);
    await record(
      'read',
      'detail',
      (t) => callServerFn(t, 'GET', DETAIL, { id }, headersOf(vu), config.timeoutMs),
      true,
    );
    return;
  }
  return vu.cursor
    ? list(vu, 'nextPage', { searchTerm: '', cursor: vu.cursor })
    : list(vu, 'list', { searchTerm: '' });
}

/** Refusals that prove nothing was written; any other failure may or may not have committed. */
const REFUSALS = new Set([
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
]);

function outcomeOf(call: Call): WriteOutcome {
  if (call.ok) return 'ack';
  const status = call.reply.status;
  if ((status >= 400 && status < 500) || (call.code && REFUSALS.has(call.code))) return 'rejected';
  return 'unknown';
}

/** An admin creates repositories of its own and updates only those, so no other user races its writes. */
async function write(vu: VirtualUser): Promise<void> {
  if (vu.own.length < 2 || Math.random() < 0.3) {
    const name = `load-${config.runId}-${config.phase}${vu.n}-${vu.created++}`;
    const values = { name, link: `https://load.test/${name}`, description: `${name} v0` };
    const call = await record(
      'write',
      'create',
      (t) => callServerFn(t, 'POST', CREATE, values, headersOf(vu), config.timeoutMs),
      true,
    );
    const outcome = outcomeOf(call);
    const id = (call.result as { id?: string } | undefined)?.id;
    creates.push({ name, outcome, description: values.description, ...(id ? { id } : {}) });
    if (outcome === 'ack' && id) vu.own.push({ id, name, link: values.link, version: 0 });
    return;
  }
  const repo = pick(vu.own);
  repo.version++;
  const description = `${repo.name} v${repo.version}`;
  const data = { id: repo.id, values: { name: repo.name, link: repo.link, description } };
  const call = await record(
    'write',
    'update',
    (t) => callServerFn(t, 'POST', UPDATE, data, headersOf(vu), config.timeoutMs),
    true,
  );
  updates.push({ id: repo.id, name: repo.name, description, outcome: outcomeOf(call) });
}

/** Ends the user's session (better-auth deletes its row); the user then has none until it signs in. */
async function signOut(vu: VirtualUser): Promise<void> {
  await record(
    'signIn',
    'signOut',
    (t) => postAuth(t, '/sign-out', {}, headersOf(vu), config.timeoutMs),
    false,
  );
  vu.jar = undefined;
}

async function runUser(vu: VirtualUser): Promise<void> {
  await sleep(Math.min(vu.startAfterMs, remaining()));
  while (remaining() > 0) {
    if (!vu.jar || vu.resignDue) {
      if (vu.jar && vu.resignDue && config.signOutBeforeResign) await signOut(vu);
      vu.resignDue = false;
      const ok = await signIn(vu);
      // Without any session the user can only try again; one that has a session carries on with it.
      if (!ok && !vu.jar) await sleep(Math.min(1000 + Math.random() * 1000, remaining()));
      continue;
    }
    await sleep(
      Math.min(config.thinkMs[0] + Math.random() * (config.thinkMs[1] - config.thinkMs[0]), remaining()),
    );
    if (remaining() <= 0) break;
    if (vu.admin && Math.random() < 0.5) await write(vu);
    else await read(vu);
    if (config.resignEvery > 0 && Math.random() < 1 / config.resignEvery) vu.resignDue = true;
  }
}

// --- Stopping an instance: the orchestrator asks first, then sends SIGTERM -----------------------------

let releaseHeldBodies = () => {};
const heldBodies = new Promise<void>((resolve) => (releaseHeldBodies = resolve));

/**
 * Stopping an instance: first a few onboarding calls to it whose bodies are held back (so some requests
 * are surely in flight at SIGTERM); once they have reached it, the orchestrator sends SIGTERM and says
 * so. The load keeps going to it meanwhile, as through a load balancer, until it refuses a connection.
 */
process.on('message', (message: ParentMessage) => {
  if (message.type === 'promoter') {
    promoterCookie = message.cookie;
    return;
  }
  const target = config.targets.find((t) => t.name === message.target);
  if (!target) return;
  if (message.type === 'sigtermSent') {
    stopping.add(target.name);
    let count = 0;
    for (const entry of inFlight.values()) {
      if (entry.target !== target.name) continue;
      entry.atSigterm = true;
      count++;
    }
    stop = { target: target.name, inFlightAtSigterm: count };
    setTimeout(releaseHeldBodies, 300);
    return;
  }
  for (const vu of users.filter((u) => u.jar).slice(0, config.heldBodies)) {
    void record(
      'write',
      'onboardHeldBody',
      (t) =>
        callServerFn(
          t,
          'POST',
          ONBOARD,
          { name: `Load ${vu.label}` },
          headersOf(vu),
          config.timeoutMs,
          heldBodies,
        ),
      true,
      target,
    );
  }
  // Never hold a body for longer than this, whatever happens to the orchestrator.
  setTimeout(releaseHeldBodies, 10_000);
  setTimeout(() => void send({ type: 'readyToStop' }), 200);
});

/** Resolves once the message is handed to the channel, so a message sent right before exit is not lost. */
function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

// --- Helpers and main -----------------------------------------------------------------------------------

function remaining(): number {
  return endAt - Date.now();
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

// Admins are spread over the ramp rather than all starting first.
const adminEvery = Math.max(1, Math.floor(config.vus / Math.max(1, config.adminVus)));
const users: VirtualUser[] = Array.from({ length: config.vus }, (_, n) => ({
  n,
  label: `${config.phase}${n}`,
  admin: n % adminEvery === 0 && n / adminEvery < config.adminVus,
  startAfterMs: (n / config.vus) * config.rampS * 1000,
  attempts: 0,
  ip: '',
  resignDue: false,
  items: [],
  cursor: null,
  own: [],
  created: 0,
}));

// Windows: the requests that ended in each `windowMs` of the phase; the last one is sent once all ended.
const windowMs = config.windowMs ?? 0;
const windows = windowMs > 0 ? Math.ceil((config.durationS * 1000) / windowMs) : 0;
let windowFrom = 0;
let codesAtWindowStart = 0;
const folded = config.keepSamples === false ? new PhaseTotals() : undefined;
const windowLoopDelay = monitorEventLoopDelay({ resolution: 10 });
function sendWindow(index: number): Promise<void> {
  const ended = samples.slice(windowFrom);
  windowFrom = samples.length;
  if (folded) {
    folded.add(ended);
    samples.length = 0;
    windowFrom = 0;
  }
  const generatorLoopP99Ms = Math.round(windowLoopDelay.percentile(99) / 1e4) / 100;
  windowLoopDelay.reset();
  const seconds = Math.min(windowMs, config.durationS * 1000 - (index - 1) * windowMs) / 1000;
  const stats = summarize(ended, seconds);
  const unfloored = summarize(
    ended.filter((s) => !FLOORED_OPS.has(s.op)),
    seconds,
  );
  const notReceived = codesNotReceived - codesAtWindowStart;
  codesAtWindowStart = codesNotReceived;
  return send({ type: 'window', index, stats, unfloored, codesNotReceived: notReceived, generatorLoopP99Ms });
}
const windowTimers = Array.from({ length: Math.max(0, windows - 1) }, (_, i) =>
  setTimeout(() => void sendWindow(i + 1), t0 + (i + 1) * windowMs - Date.now()),
);

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
windowLoopDelay.enable();
void send({ type: 'started', t0 });
await Promise.all(users.map(runUser));
for (const timer of windowTimers) clearTimeout(timer);
if (windows > 0) await sendWindow(windows);
loopDelay.disable();
windowLoopDelay.disable();
const cpu = process.cpuUsage();

const result: GeneratorResult = {
  phase: config.phase,
  t0,
  endedAt: Date.now(),
  vus: config.vus,
  signedInVus: users.filter((u) => u.jar).length,
  samples,
  ...(folded ? { totals: folded.stats(config.durationS) } : {}),
  creates,
  updates,
  onboarded,
  codesNotReceived,
  ...(stop ? { stop } : {}),
  self: {
    cpuSeconds: Math.round((cpu.user + cpu.system) / 1e4) / 100,
    eventLoopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e4) / 100,
    eventLoopDelayMaxMs: Math.round(loopDelay.max / 1e4) / 100,
  },
};
writeFileSync(config.out, JSON.stringify(result));
process.exit(0);

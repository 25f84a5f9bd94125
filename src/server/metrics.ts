import '@tanstack/react-start/server-only';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What a request is, for the metrics: a small fixed set, never the path itself, so the number of series
 * stays bounded whatever URLs clients make up.
 */
type RequestGroup = 'page' | 'server-fn' | 'auth' | 'api' | 'probe' | 'asset';

/** The load balancer's and the scraper's own calls, apart from the API's. */
const PROBES = new Set(['/api/health', '/api/ready', '/api/metrics']);

export function requestGroup(pathname: string, handlerType: string): RequestGroup {
  if (handlerType === 'serverFn' || pathname.startsWith('/_serverFn/')) return 'server-fn';
  if (pathname === '/api/auth' || pathname.startsWith('/api/auth/')) return 'auth';
  if (PROBES.has(pathname.replace(/\/+$/, ''))) return 'probe';
  if (pathname.startsWith('/api/')) return 'api';
  // Static files are served before the app; these are the ones that missed (an old build's chunk).
  if (pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname)) return 'asset';
  return 'page';
}

/**
 * Which limit refused a call with 429: the server functions' calls a minute (`SERVER_FN_LIMIT_*`),
 * better-auth's per-address route limits as the policy table names them (`auth`, `auth-codes`,
 * `auth-passkey-options`), and the product's own caps on codes mailed to one address, invitation mails,
 * CSV exports and "Download my data", and each API key's own limit on the public API (`api-key`).
 */
type RateLimitKind =
  | 'server-fn'
  | 'auth'
  | 'auth-codes'
  | 'auth-passkey-options'
  | 'code-mail'
  | 'invitation-mail'
  | 'csv-export'
  | 'data-export'
  | 'api-key';

/** One sample of a gauge read at scrape time: its labels (none for a gauge without) and value. */
type GaugeSample<Label extends string> = { labels?: Partial<Record<Label, string>>; value: number };

type GaugeReader<Label extends string> = () =>
  number | GaugeSample<Label>[] | Promise<number | GaugeSample<Label>[]>;

type Metrics = {
  registry: Registry;
  requests: Counter<'group' | 'status'>;
  duration: Histogram<'group' | 'status'>;
  aborted: Counter<'group'>;
  emails: Counter<'result'>;
  refusals: Counter<'limit'>;
  jobAttempts: Counter<'queue' | 'result'>;
  /** The reader of each gauge `registerGauge` made, by name; a later registration replaces it. */
  readers: Map<string, GaugeReader<string>>;
  processMetrics: boolean;
};

/** Seconds: from a few milliseconds (a cached page, a probe) to the 10 s a stuck request is worth seeing. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// One registry per process, on globalThis: the production bundle holds two copies of this module (the
// nitro plugin's and the app's), and a count made in either must reach the one scrape.
const holder: { metrics?: Metrics } = ((
  globalThis as { __starterMetrics?: { metrics?: Metrics } }
).__starterMetrics ??= {});

function metrics(): Metrics {
  if (holder.metrics) return holder.metrics;
  const registry = new Registry();
  const registers = [registry];
  holder.metrics = {
    registry,
    requests: new Counter({
      name: 'starter_http_requests_total',
      help: 'Requests answered, by route group and status (aborted requests are counted apart).',
      labelNames: ['group', 'status'],
      registers,
    }),
    duration: new Histogram({
      name: 'starter_http_request_duration_seconds',
      help: 'Time to the answer (its headers; a streamed page goes on after), by route group and status.',
      labelNames: ['group', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    aborted: new Counter({
      name: 'starter_http_requests_aborted_total',
      help: 'Requests whose client went away before the answer, by route group.',
      labelNames: ['group'],
      registers,
    }),
    emails: new Counter({
      name: 'starter_emails_total',
      help: 'E-mails handed to the SMTP server (result="sent") or refused by it or unreachable (result="failed").',
      labelNames: ['result'],
      registers,
    }),
    refusals: new Counter({
      name: 'starter_rate_limit_refusals_total',
      help: 'Calls refused with 429, by the limit that refused them.',
      labelNames: ['limit'],
      registers,
    }),
    jobAttempts: new Counter({
      name: 'starter_job_attempts_total',
      help: 'Tries of a job this instance worked, by queue and result (a failed try is retried while the queue allows).',
      labelNames: ['queue', 'result'],
      registers,
    }),
    readers: new Map(),
    processMetrics: false,
  };
  return holder.metrics;
}

/**
 * prom-client's process and Node.js metrics (CPU, memory, heap by space, event-loop delay, GC, handles),
 * under their usual names (`process_*`, `nodejs_*`) so the common dashboards read them. Started once, when
 * the endpoint is on (`METRICS_TOKEN`): the event-loop monitor samples continuously.
 */
export function startProcessMetrics(): void {
  const state = metrics();
  if (state.processMetrics) return;
  state.processMetrics = true;
  collectDefaultMetrics({ register: state.registry });
}

/** One answered request, counted once, where its log line is written (src/middleware/request.ts). */
export function recordRequest(group: RequestGroup, status: number, seconds: number): void {
  const state = metrics();
  const labels = { group, status: String(status) };
  state.requests.inc(labels);
  state.duration.observe(labels, seconds);
}

/** A request whose client disconnected before the answer: not a failure, counted on its own. */
export function recordAbortedRequest(group: RequestGroup): void {
  metrics().aborted.inc({ group });
}

export function recordEmail(result: 'sent' | 'failed'): void {
  metrics().emails.inc({ result });
}

export function recordRateLimitRefusal(limit: RateLimitKind): void {
  metrics().refusals.inc({ limit });
}

export function recordJobAttempt(queue: string, result: 'completed' | 'failed'): void {
  metrics().jobAttempts.inc({ queue, result });
}

/**
 * A gauge whose value is read at every scrape: `read` answers a number (a gauge without labels) or one
 * sample per label set; a read that fails leaves the gauge without samples for that scrape (NaN for one
 * without labels, which prom-client always writes), and the rest of the scrape as it is. Registering
 * the same name again (a second copy of the caller's module, a hot reload) replaces the reader, so a
 * module may call this when it loads. For instance the job queue's depth per queue:
 *
 *   registerGauge({ name: 'starter_jobs_waiting', help: 'Jobs waiting, per queue.', labelNames: ['queue'],
 *     read: async () => (await queueCounts()).map((q) => ({ labels: { queue: q.name }, value: q.waiting })) });
 */
export function registerGauge<Label extends string = never>(options: {
  name: string;
  help: string;
  labelNames?: readonly Label[];
  read: GaugeReader<Label>;
}): void {
  const state = metrics();
  const known = state.readers.has(options.name);
  state.readers.set(options.name, options.read as GaugeReader<string>);
  if (known) return;
  new Gauge<string>({
    name: options.name,
    help: options.help,
    labelNames: [...(options.labelNames ?? [])],
    registers: [state.registry],
    async collect() {
      this.reset();
      const read = state.readers.get(options.name);
      let value: number | GaugeSample<string>[];
      try {
        value = read ? await read() : [];
      } catch {
        if (!options.labelNames?.length) this.set(Number.NaN);
        return;
      }
      if (typeof value === 'number') this.set(value);
      else for (const sample of value) this.set(sample.labels ?? {}, sample.value);
    },
  });
}

/** The whole registry in Prometheus's text format, with its content type. */
export async function renderMetrics(): Promise<{ contentType: string; text: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, text: await registry.metrics() };
}

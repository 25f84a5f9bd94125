import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestMiddleware } from '@/middleware/request';
import { createSmtpMailer } from '@/server/email/mailer';
import { registerGauge } from '@/server/metrics';
import { type MetricFamily, parsePrometheusText, sampleValue } from '@/test/prometheus-text';
import { startSmtpCatcher, type SmtpCatcher } from '@/test/smtp-catcher';
import { metricsAnswer } from './metrics-endpoint';

// GET /api/metrics as a scraper sees it: the bearer rules, then the text format parsed, with what the
// product counted in between (requests through the real request middleware, mail through the real
// mailer over real SMTP).

const TOKEN = 'metrics-test-token-0123456789abcdef0123';

const scrapeRequest = (authorization?: string) =>
  new Request('http://localhost/api/metrics', authorization ? { headers: { authorization } } : {});

async function scrape(): Promise<Map<string, MetricFamily>> {
  const response = await metricsAnswer(scrapeRequest(`Bearer ${TOKEN}`), TOKEN);
  expect(response.status).toBe(200);
  return parsePrometheusText(await response.text());
}

/** One request through the app's first middleware, answered by `answer` (or failing with it). */
async function throughMiddleware(
  pathname: string,
  answer: Response | Error,
  init: { handlerType?: string; signal?: AbortSignal } = {},
): Promise<void> {
  const server = requestMiddleware.options.server;
  if (!server) throw new Error('the request middleware has no server step');
  await server({
    request: new Request(`http://localhost${pathname}`, init.signal ? { signal: init.signal } : {}),
    pathname,
    handlerType: init.handlerType ?? 'router',
    context: {},
    next: (() =>
      answer instanceof Error ? Promise.reject(answer) : Promise.resolve({ response: answer })) as never,
  } as never);
}

const requests = (families: Map<string, MetricFamily>, labels: Record<string, string>) =>
  sampleValue(families, 'starter_http_requests_total', labels) ?? 0;

describe('GET /api/metrics', () => {
  it('does not exist without METRICS_TOKEN: 404, as for an unknown path, whatever the caller sends', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const response = await metricsAnswer(scrapeRequest(authorization), undefined);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('answers 401 with nothing more without the right bearer token', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}`,
      TOKEN,
      'Bearer',
    ]) {
      const response = await metricsAnswer(scrapeRequest(authorization), TOKEN);
      expect(response.status, String(authorization)).toBe(401);
      expect(await response.text()).toBe('');
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('serves the text format, not stored, to the right bearer token', async () => {
    const response = await metricsAnswer(scrapeRequest(`bearer ${TOKEN}`), TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(parsePrometheusText(await response.text()).size).toBeGreaterThan(0);
  });
});

describe('what the metrics count', () => {
  it('each request once, by route group and status, with its latency in histogram buckets', async () => {
    const before = await scrape();
    await throughMiddleware('/app/repositories', new Response('page', { status: 200 }));
    await throughMiddleware('/app/repositories', new Response('page', { status: 200 }));
    await throughMiddleware('/_serverFn/abc', Response.json({ ok: true }), { handlerType: 'serverFn' });
    await throughMiddleware('/api/auth/get-session', Response.json(null, { status: 401 }));
    await throughMiddleware('/no/such/page', new Error('render failed')).catch(() => {});
    const after = await scrape();

    const moved = (labels: Record<string, string>) => requests(after, labels) - requests(before, labels);
    expect(moved({ group: 'page', status: '200' })).toBe(2);
    expect(moved({ group: 'server-fn', status: '200' })).toBe(1);
    expect(moved({ group: 'auth', status: '401' })).toBe(1);
    expect(moved({ group: 'page', status: '500' })).toBe(1);
    // Never the raw path: the label values are the fixed groups.
    const groups = new Set(after.get('starter_http_requests_total')?.samples.map((s) => s.labels.group));
    for (const group of groups)
      expect(['page', 'server-fn', 'auth', 'api', 'probe', 'asset']).toContain(group);

    const histogram = after.get('starter_http_request_duration_seconds');
    expect(histogram?.type).toBe('histogram');
    const buckets = (histogram?.samples ?? []).filter(
      (s) => s.name.endsWith('_bucket') && s.labels.group === 'page' && s.labels.status === '200',
    );
    const bounds = buckets.map((s) => s.labels.le);
    expect(bounds).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    const counts = buckets.map((s) => s.value);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    const count = sampleValue(after, 'starter_http_request_duration_seconds_count', {
      group: 'page',
      status: '200',
    });
    expect(counts.at(-1)).toBe(count);
    expect(count).toBe(requests(after, { group: 'page', status: '200' }));
  });

  it('a request whose client went away apart: aborted, not a 500', async () => {
    const before = await scrape();
    const client = new AbortController();
    client.abort();
    const failure = await throughMiddleware('/app/repositories', new DOMException('aborted', 'AbortError'), {
      signal: client.signal,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DOMException);
    const after = await scrape();
    const aborted = (families: Map<string, MetricFamily>) =>
      sampleValue(families, 'starter_http_requests_aborted_total', { group: 'page' }) ?? 0;
    expect(aborted(after) - aborted(before)).toBe(1);
    expect(requests(after, { group: 'page', status: '500' })).toBe(
      requests(before, { group: 'page', status: '500' }),
    );
  });

  describe('mail', () => {
    let catcher: SmtpCatcher;
    beforeAll(async () => {
      catcher = await startSmtpCatcher();
    });
    afterAll(() => catcher.close());

    it('sent and failed, as the SMTP server took or refused it', async () => {
      const mail = { to: 'someone@metrics.test', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };
      const before = await scrape();
      await createSmtpMailer(catcher.url, 'Starter <no-reply@metrics.test>').send(mail);
      await expect(
        createSmtpMailer(undefined, 'Starter <no-reply@metrics.test>').send(mail),
      ).rejects.toThrow();
      const after = await scrape();
      const moved = (result: string) =>
        (sampleValue(after, 'starter_emails_total', { result }) ?? 0) -
        (sampleValue(before, 'starter_emails_total', { result }) ?? 0);
      expect(moved('sent')).toBe(1);
      expect(moved('failed')).toBe(1);
    });
  });

  it("prom-client's process metrics: event-loop delay and heap", async () => {
    const families = await scrape();
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(families.get(name)?.type, name).toBe('gauge');
      expect(families.get(name)?.samples.length, name).toBe(1);
    }
    expect(families.has('process_resident_memory_bytes')).toBe(true);
  });

  it('gauges other modules register, read at each scrape; one whose read fails only loses its samples', async () => {
    let waiting = 3;
    registerGauge({
      name: 'starter_test_jobs_waiting',
      help: 'Jobs waiting, per queue.',
      labelNames: ['queue'],
      read: async () => [
        { labels: { queue: 'mail' }, value: waiting },
        { labels: { queue: 'audit-retention' }, value: 0 },
      ],
    });
    registerGauge({
      name: 'starter_test_broken',
      help: 'Fails to read.',
      read: () => {
        throw new Error('database away');
      },
    });
    expect(sampleValue(await scrape(), 'starter_test_jobs_waiting', { queue: 'mail' })).toBe(3);
    waiting = 7;
    // A second registration (another copy of the module) replaces the reader instead of failing.
    registerGauge({
      name: 'starter_test_jobs_waiting',
      help: 'Jobs waiting, per queue.',
      labelNames: ['queue'],
      read: () => [{ labels: { queue: 'mail' }, value: waiting * 2 }],
    });
    const families = await scrape();
    expect(sampleValue(families, 'starter_test_jobs_waiting', { queue: 'mail' })).toBe(14);
    expect(sampleValue(families, 'starter_test_broken')).toBeNaN();
  });
});

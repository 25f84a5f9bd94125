// What an operator scrapes and reads from a production instance of its own: GET /api/metrics in
// Prometheus's text format (parsed, not pattern-matched) counting the requests, refusals and mail the
// server really handled, and a client that disconnects before its answer logged once, as aborted, with
// no stack and no 500.
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { type MetricFamily, parsePrometheusText, sampleValue } from '../src/test/prometheus-text.ts';
import { type SmtpCatcher, startSmtpCatcher } from '../src/test/smtp-catcher.ts';
import { clientAddress, type Instance, startInstance, waitForReady } from './support/instances.ts';

const TOKEN = 'e2e-metrics-token-not-for-production-0000';

test.describe('operator metrics and aborted requests', () => {
  test.describe.configure({ timeout: 90_000 });

  let instance: Instance;
  let smtp: SmtpCatcher;

  test.beforeAll(async () => {
    smtp = await startSmtpCatcher();
    instance = await startInstance({ PGLITE_DIR: 'memory://', METRICS_TOKEN: TOKEN, EMAIL_SERVER: smtp.url });
    await waitForReady(instance);
  });

  test.afterAll(async () => {
    await instance?.stop(5_000);
    await smtp?.close();
  });

  async function scrape(): Promise<Map<string, MetricFamily>> {
    const response = await fetch(`${instance.origin}/api/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status, instance.output()).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toMatch(/\bno-store\b/);
    return parsePrometheusText(await response.text());
  }

  /** Asks for a sign-in code from `address`: better-auth's per-address code limit counts it. */
  const sendCode = (address: string) =>
    fetch(`${instance.origin}/api/auth/email-otp/send-verification-otp`, {
      method: 'POST',
      headers: { origin: instance.origin, 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email: `m-${randomUUID()}@metrics.e2e.test`, type: 'sign-in' }),
    });

  test('the scrape needs the bearer token and counts what the server answered', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token', `Basic ${TOKEN}`]) {
      const response = await fetch(`${instance.origin}/api/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status, String(authorization)).toBe(401);
      expect(await response.text()).toBe('');
    }

    const before = await scrape();
    const page = await fetch(`${instance.origin}/login`);
    expect(page.status).toBe(200);
    await page.text();
    const after = await scrape();

    const pageCount = (families: Map<string, MetricFamily>) =>
      sampleValue(families, 'starter_http_requests_total', { group: 'page', status: '200' }) ?? 0;
    expect(pageCount(after) - pageCount(before)).toBe(1);
    // The scrape before this one is counted too: the registry is the process's, whichever copy of the
    // server's modules served the request.
    expect(
      sampleValue(after, 'starter_http_requests_total', { group: 'probe', status: '200' }),
    ).toBeGreaterThan(0);
    const buckets = after
      .get('starter_http_request_duration_seconds')
      ?.samples.filter(
        (s) => s.name.endsWith('_bucket') && s.labels.group === 'page' && s.labels.status === '200',
      );
    expect(buckets?.map((s) => s.labels.le).at(-1)).toBe('+Inf');
    expect(buckets?.at(-1)?.value).toBe(pageCount(after));
    expect(after.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    expect(after.get('nodejs_heap_size_used_bytes')?.samples[0]?.value).toBeGreaterThan(0);
    // The queue's depth: every queue of the product, in every state, read from its table at the scrape.
    const jobs = after.get('starter_jobs')?.samples ?? [];
    expect(new Set(jobs.map((s) => s.labels.state))).toEqual(
      new Set(['waiting', 'running', 'failed', 'completed']),
    );
    expect(jobs.filter((s) => s.labels.queue === 'mail')).toHaveLength(4);
    // PGlite has no pool: its gauges are absent rather than an idle pool's zeros.
    expect(after.has('starter_db_pool_in_use')).toBe(false);
  });

  test('refusals are counted by the limit that refused them, and the codes mailed as sent', async () => {
    const before = await scrape();
    const address = clientAddress();
    // One more than the per-address limit on asking for codes (`defaultAuthLimits.codes`: 10 a minute).
    const answers = await Promise.all(Array.from({ length: 12 }, () => sendCode(address)));
    const refused = answers.filter((answer) => answer.status === 429).length;
    const sent = answers.filter((answer) => answer.status === 200).length;
    expect(refused, instance.output()).toBeGreaterThan(0);
    expect(refused + sent, instance.output()).toBe(answers.length);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
    expect(moved('starter_rate_limit_refusals_total', { limit: 'auth-codes' })).toBe(refused);
    // Each new address asked for got its code (sign-up is on).
    expect(moved('starter_emails_total', { result: 'sent' })).toBe(sent);
    expect(moved('starter_emails_total', { result: 'failed' })).toBe(0);
  });

  test('a client that disconnects before the answer: one info line, aborted, no stack, no 500', async () => {
    const before = await scrape();
    const requestId = `aborted-${randomUUID()}`;
    let printed = '';
    const keep = (chunk: Buffer) => {
      printed += chunk.toString('utf8');
    };
    instance.process.stdout?.on('data', keep);
    instance.process.stderr?.on('data', keep);
    // The send-code route holds every answer for at least a second (src/server/auth/codes.ts): the
    // client hangs up 200 ms in, while the server is still making it.
    const body = JSON.stringify({ email: `gone-${randomUUID()}@metrics.e2e.test`, type: 'sign-in' });
    await new Promise<void>((resolve, reject) => {
      const socket = connect(instance.port, '127.0.0.1', () => {
        socket.write(
          [
            'POST /api/auth/email-otp/send-verification-otp HTTP/1.1',
            `Host: 127.0.0.1:${instance.port}`,
            `Origin: ${instance.origin}`,
            'Content-Type: application/json',
            `Content-Length: ${Buffer.byteLength(body)}`,
            `X-Request-Id: ${requestId}`,
            `X-Forwarded-For: ${clientAddress()}`,
            '',
            body,
          ].join('\r\n'),
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
      socket.once('error', reject);
    });

    // The server notices when it tries to answer.
    await expect.poll(() => printed.includes(requestId), { timeout: 10_000 }).toBe(true);
    // Anything else the request would print comes within moments.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    instance.process.stdout?.off('data', keep);
    instance.process.stderr?.off('data', keep);
    const lines = printed.split('\n').filter((line) => line.includes(requestId));
    expect(lines, printed).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(line, printed).toMatchObject({
      level: 'info',
      aborted: true,
      path: '/api/auth/email-otp/send-verification-otp',
    });
    expect(line).not.toHaveProperty('status');
    expect(line).not.toHaveProperty('err');
    expect(printed, 'a raw stack beside the log lines').not.toMatch(/^\s+at /m);
    expect(printed).not.toMatch(/"level":"error"/);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
    expect(moved('starter_http_requests_aborted_total', { group: 'auth' })).toBe(1);
    expect(moved('starter_http_requests_total', { group: 'auth', status: '500' })).toBe(0);
  });
});

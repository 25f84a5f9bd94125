// OpenTelemetry traces from a production instance of its own, exported over OTLP/HTTP to a real receiver
// on loopback that the test starts: a signed-in server-function call and a page whose loader calls one
// arrive as one trace each, the request span at its root, the function's span under it and each SQL
// statement under that; pg-boss's job spans go to the same exporter. Without the variable the server
// never loads the SDK, as a log of every module it loads shows (docs/decisions/040-tracing.md).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { toJSON } from 'seroval';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../src/test/otlp-receiver.ts';
import { codeFromMail, type SmtpCatcher, startSmtpCatcher } from '../src/test/smtp-catcher.ts';
import { clientAddress, type Instance, startInstance, waitForReady } from './support/instances.ts';
import { serverFnUrl } from './support/server-fn.ts';

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

/** Only the trace SDK's batching reads this variable: a loaded file that names it is the SDK's. */
const SDK_MARKER = 'OTEL_BSP_SCHEDULE_DELAY';

const LIST_SESSIONS = 'src/features/account/functions.ts#$listSessions';
const GET_INVITATION = 'src/features/organization/functions.ts#$getInvitation';

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

/** The files under .output that the process loaded, as its module log lists them. */
function loadedServerFiles(log: string): string[] {
  let text: string;
  try {
    text = readFileSync(log, 'utf8');
  } catch {
    return [];
  }
  return [...new Set(text.split('\n'))]
    .filter((url) => url.startsWith('file:') && url.includes('/.output/server/'))
    .map((url) => fileURLToPath(url));
}

const sdkFiles = (log: string) =>
  loadedServerFiles(log).filter((file) => readFileSync(file, 'utf8').includes(SDK_MARKER));

type Traced = { instance: Instance; moduleLog: string; dir: string };

async function startTraced(env: Record<string, string>, smtp: SmtpCatcher): Promise<Traced> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-tracing-'));
  const moduleLog = join(dir, 'modules.log');
  const instance = await startInstance(
    { PGLITE_DIR: 'memory://', EMAIL_SERVER: smtp.url, E2E_MODULE_LOG: moduleLog, ...env },
    { nodeArgs: ['--import', './e2e/support/module-log.ts'] },
  );
  await waitForReady(instance);
  return { instance, moduleLog, dir };
}

/** Signs `email` in over HTTP with the mailed code (a sign-up the first time); returns the cookie. */
async function signIn(
  instance: Instance,
  smtp: SmtpCatcher,
  email: string,
  requestId: string,
): Promise<string> {
  const ip = clientAddress();
  const headers = { origin: instance.origin, 'content-type': 'application/json', 'x-forwarded-for': ip };
  const since = Date.now();
  const sent = await fetch(`${instance.origin}/api/auth/email-otp/send-verification-otp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, type: 'sign-in' }),
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  const code = codeFromMail(await smtp.waitFor(email, { since }));
  const signedIn = await fetch(`${instance.origin}/api/auth/sign-in/email-otp`, {
    method: 'POST',
    // The code works only with the browser binding cookie its request was given (ADR 016).
    headers: { ...headers, cookie: cookiesOf(sent), 'x-request-id': requestId },
    body: JSON.stringify({ email, otp: code }),
  });
  expect(signedIn.status, await signedIn.clone().text()).toBe(200);
  return cookiesOf(signedIn);
}

/** Waits until the receiver holds a span that `match` accepts (the exporter sends every 200 ms). */
async function spanWhere(
  receiver: OtlpReceiver,
  match: (span: ReceivedSpan) => boolean,
): Promise<ReceivedSpan> {
  await expect
    .poll(() => receiver.spans.some(match), { timeout: 10_000, message: 'span never received' })
    .toBe(true);
  return receiver.spans.find(match)!;
}

/** Whether `ancestor` is `span`'s parent, grandparent…, following parent ids inside one trace. */
function descendsFrom(span: ReceivedSpan, ancestor: ReceivedSpan, spans: ReceivedSpan[]): boolean {
  const byId = new Map(spans.filter((s) => s.traceId === span.traceId).map((s) => [s.spanId, s]));
  let current: ReceivedSpan | undefined = span;
  for (let hops = 0; current && hops < 50; hops++) {
    if (current.parentSpanId === ancestor.spanId) return current.traceId === ancestor.traceId;
    current = byId.get(current.parentSpanId);
  }
  return false;
}

/** The request span of the request sent with `requestId`, its function's span, and the trace's SQL. */
async function traceOf(receiver: OtlpReceiver, requestId: string, fn: string) {
  const request = await spanWhere(receiver, (s) => s.attributes['starter.request_id'] === requestId);
  const call = await spanWhere(
    receiver,
    (s) => s.traceId === request.traceId && s.attributes['starter.server_function'] === fn,
  );
  // The batch after the one that brought the request span may still hold statements: wait for one more.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const statements = receiver.spans.filter(
    (s) => s.traceId === request.traceId && s.attributes['db.system.name'] === 'postgresql',
  );
  return { request, call, statements };
}

test.describe('OpenTelemetry traces with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  test.describe.configure({ timeout: 120_000 });

  let smtp: SmtpCatcher;
  let receiver: OtlpReceiver;
  let traced: Traced;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    [smtp, receiver] = await Promise.all([startSmtpCatcher(), startOtlpReceiver()]);
    traced = await startTraced(
      { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '200' },
      smtp,
    );
    await expect.poll(() => traced.instance.output().includes('tracing on'), { timeout: 10_000 }).toBe(true);
  });

  test.afterAll(async () => {
    await traced?.instance.stop(10_000);
    if (traced) rmSync(traced.dir, { recursive: true, force: true });
    await Promise.all([receiver?.close(), smtp?.close()]);
  });

  test('a signed-in server-function call: the request, the function and its SQL in one trace', async () => {
    const { instance } = traced;
    const email = `t-${randomUUID()}@tracing.e2e.test`;
    const cookie = await signIn(instance, smtp, email, `sign-up-${randomUUID()}`);
    const requestId = `traced-${randomUUID()}`;
    const url = new URL(serverFnUrl(instance.origin, LIST_SESSIONS));
    url.searchParams.set('payload', JSON.stringify(toJSON({ data: undefined })));
    const answer = await fetch(url, {
      headers: {
        cookie,
        origin: instance.origin,
        'x-tsr-serverFn': 'true',
        accept: 'application/json',
        'x-request-id': requestId,
      },
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    await answer.text();

    const { request, call, statements } = await traceOf(receiver, requestId, LIST_SESSIONS);
    expect(request).toMatchObject({
      name: 'GET /_serverFn/$id',
      kind: SERVER,
      parentSpanId: '',
      scope: 'starter',
      // OTEL_SERVICE_NAME unset: the product's name (app.config.ts).
      serviceName: 'Starter',
    });
    expect(request.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/_serverFn/$id',
      'http.response.status_code': 200,
      'starter.handler_type': 'serverFn',
    });
    expect(call.name).toBe(LIST_SESSIONS);
    expect(call.parentSpanId).toBe(request.spanId);
    expect(call.attributes).toMatchObject({
      'code.file.path': 'src/features/account/functions.ts',
      'code.function.name': '$listSessions',
    });

    // The session check and the function's own query, each a statement under the call.
    expect(statements.length, JSON.stringify(receiver.spans.map((s) => s.name))).toBeGreaterThanOrEqual(2);
    for (const statement of statements) {
      expect(descendsFrom(statement, call, receiver.spans), statement.name).toBe(true);
      expect(statement.kind).toBe(CLIENT);
      expect(statement.attributes['db.system']).toBe('postgresql');
      expect(statement.endNs).toBeGreaterThanOrEqual(statement.startNs);
      expect(statement.endNs).toBeLessThanOrEqual(request.endNs);
    }
    const texts = statements.map((s) => String(s.attributes['db.query.text']));
    const sessionQuery = texts.find((text) => /from "session"/i.test(text) && text.includes('$1'));
    expect(sessionQuery, texts.join('\n')).toBeDefined();
    // The text with its placeholders, never the values: no address, no cookie's token.
    const token = /session_token=([^;.]+)/.exec(cookie)?.[1];
    expect(token).toBeTruthy();
    for (const text of texts) {
      expect(text).not.toContain(email);
      expect(text).not.toContain(decodeURIComponent(token ?? ''));
    }
  });

  test('a page whose loader calls a server function: the route template, not the id', async () => {
    const { instance } = traced;
    const requestId = `page-${randomUUID()}`;
    const id = randomUUID();
    const page = await fetch(`${instance.origin}/invitations/${id}`, {
      headers: { 'x-request-id': requestId },
    });
    expect(page.status).toBeLessThan(500);
    await page.text();

    const { request, call, statements } = await traceOf(receiver, requestId, GET_INVITATION);
    expect(request.name).toBe('GET /invitations/$id');
    expect(request.attributes['http.route']).toBe('/invitations/$id');
    // The id is the invitation link's secret: not in any of the trace's attributes.
    const trace = receiver.spans.filter((s) => s.traceId === request.traceId);
    expect(JSON.stringify(trace.map((s) => s.attributes))).not.toContain(id);
    expect(request.attributes['http.response.status_code']).toBe(page.status);
    expect(descendsFrom(call, request, receiver.spans)).toBe(true);
    expect(statements.some((s) => descendsFrom(s, call, receiver.spans))).toBe(true);
  });

  test("a caller's traceparent is continued", async () => {
    const traceId = randomUUID().replaceAll('-', '');
    const parentId = traceId.slice(0, 16);
    const requestId = `continued-${randomUUID()}`;
    const response = await fetch(`${traced.instance.origin}/api/health`, {
      headers: { traceparent: `00-${traceId}-${parentId}-01`, 'x-request-id': requestId },
    });
    expect(response.status).toBe(200);
    const request = await spanWhere(receiver, (s) => s.attributes['starter.request_id'] === requestId);
    expect(request).toMatchObject({ traceId, parentSpanId: parentId, name: 'GET /api/health' });
  });

  test("pg-boss's job spans reach the same exporter: a new-sign-in notice sent and processed", async () => {
    const { instance } = traced;
    const email = `j-${randomUUID()}@tracing.e2e.test`;
    await signIn(instance, smtp, email, `first-${randomUUID()}`);
    // A second sign-in from a browser the account has not seen: the notice goes on the mail queue.
    const requestId = `second-${randomUUID()}`;
    const since = Date.now();
    await signIn(instance, smtp, email, requestId);
    // The code, then the notice, which the mail queue's worker sends.
    await expect
      .poll(() => smtp.messages.filter((m) => m.to.includes(email) && m.receivedAt >= since).length, {
        timeout: 15_000,
      })
      .toBe(2);

    const request = await spanWhere(receiver, (s) => s.attributes['starter.request_id'] === requestId);
    const send = await spanWhere(receiver, (s) => s.scope === 'pg-boss' && s.name === 'send mail');
    expect(send.kind).toBe(PRODUCER);
    expect(
      receiver.spans.some((s) => s.name === 'send mail' && descendsFrom(s, request, receiver.spans)),
      'the enqueue is part of the sign-in that caused it',
    ).toBe(true);
    const processed = await spanWhere(receiver, (s) => s.scope === 'pg-boss' && s.name === 'process mail');
    expect(processed.kind).toBe(CONSUMER);
    expect(processed.attributes['messaging.system']).toBe('pg-boss');
  });

  test('the trace SDK is loaded in this process (what the next test checks is absent)', () => {
    expect(sdkFiles(traced.moduleLog).length).toBeGreaterThan(0);
  });
});

test.describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  test.describe.configure({ timeout: 120_000 });

  test('no OpenTelemetry SDK module is loaded, whatever the server does', async () => {
    const smtp = await startSmtpCatcher();
    // Every other tracing variable set, as a deployment that left them in place would have them.
    const plain = await startTraced(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: '',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
        OTEL_BSP_SCHEDULE_DELAY: '200',
        OTEL_SERVICE_NAME: 'starter-untraced',
      },
      smtp,
    );
    try {
      const cookie = await signIn(plain.instance, smtp, `p-${randomUUID()}@tracing.e2e.test`, randomUUID());
      const page = await fetch(`${plain.instance.origin}/invitations/${randomUUID()}`, {
        headers: { cookie },
      });
      expect(page.status).toBeLessThan(500);
      await page.text();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(plain.instance.output()).not.toContain('tracing on');
      // The log did see the server's files, so an SDK file would have been listed.
      expect(loadedServerFiles(plain.moduleLog).length).toBeGreaterThan(10);
      expect(sdkFiles(plain.moduleLog)).toEqual([]);
    } finally {
      await plain.instance.stop(10_000);
      rmSync(plain.dir, { recursive: true, force: true });
      await smtp.close();
    }
  });
});

test.describe('at shutdown', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the spans still buffered are sent before the process exits', async () => {
    const [smtp, receiver] = await Promise.all([startSmtpCatcher(), startOtlpReceiver()]);
    // Batches every minute: only the shutdown's flush can send this test's span in time.
    const traced = await startTraced(
      { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '60000' },
      smtp,
    );
    try {
      await expect
        .poll(() => traced.instance.output().includes('tracing on'), { timeout: 10_000 })
        .toBe(true);
      const requestId = `last-${randomUUID()}`;
      const response = await fetch(`${traced.instance.origin}/login`, {
        headers: { 'x-request-id': requestId },
      });
      expect(response.status).toBe(200);
      await response.text();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.spans.some((s) => s.attributes['starter.request_id'] === requestId)).toBe(false);

      const exit = await traced.instance.stop(15_000);
      expect(exit.signal, traced.instance.output()).toBeNull();
      const request = receiver.spans.find((s) => s.attributes['starter.request_id'] === requestId);
      expect(request?.name, traced.instance.output()).toBe('GET /login');
    } finally {
      await traced.instance.stop(5_000);
      rmSync(traced.dir, { recursive: true, force: true });
      await Promise.all([receiver.close(), smtp.close()]);
    }
  });
});

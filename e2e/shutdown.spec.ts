// Graceful shutdown of a production instance: on SIGTERM it stops accepting connections, lets the
// requests it is serving finish (for up to 10 s), closes its database and exits 0. The send-code route
// holds every answer for at least a second (so its timing reveals nothing), which gives real requests in
// flight when the signal arrives.
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type SmtpCatcher, startSmtpCatcher } from '../src/test/smtp-catcher.ts';
import {
  clientAddress,
  createThrowawayDatabase,
  type Instance,
  startInstance,
  type ThrowawayDatabase,
  waitForReady,
} from './support/instances.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/** The send-code route's minimum answer time (`defaultCodeFloors` in src/server/auth/codes.ts). */
const SEND_CODE_MIN_MS = 1_000;

type Answer =
  { status: number; body: string; connection: string | null; at: number } | { error: string; at: number };

/** Asks for a code for an unknown address from a client of its own; never rejects. */
function sendCode(instance: Instance): Promise<Answer> {
  const email = `nobody-${Date.now().toString(36)}-${randomInt(1e6)}@shutdown.e2e.test`;
  return fetch(`${instance.origin}/api/auth/email-otp/send-verification-otp`, {
    method: 'POST',
    headers: {
      origin: instance.origin,
      'content-type': 'application/json',
      'x-forwarded-for': clientAddress(),
    },
    body: JSON.stringify({ email, type: 'sign-in' }),
  }).then(
    async (response) => ({
      status: response.status,
      body: await response.text(),
      connection: response.headers.get('connection'),
      at: Date.now(),
    }),
    (error: unknown) => ({ error: String((error as { cause?: unknown }).cause ?? error), at: Date.now() }),
  );
}

/** The error code of a fresh TCP connection to the instance's port, or 'connected'. */
function newConnection(instance: Instance): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(instance.port, '127.0.0.1');
    socket.setTimeout(2_000, () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/**
 * Five requests in flight, SIGTERM 200 ms later: a new connection is then refused, all five finish
 * with 200 after the signal, and the process exits 0 within 10 s of it.
 */
async function expectGracefulStop(instance: Instance): Promise<void> {
  const warmStart = Date.now();
  const warm = await sendCode(instance);
  expect(warm).toMatchObject({ status: 200, body: '{"success":true}' });
  expect(warm.at - warmStart).toBeGreaterThanOrEqual(SEND_CODE_MIN_MS);

  const inFlight = Array.from({ length: 5 }, () => sendCode(instance));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const signalledAt = Date.now();
  instance.process.kill('SIGTERM');

  // The listener closes when the process gets to the signal, which a busy machine delays by a moment.
  await expect.poll(() => newConnection(instance), { intervals: [25], timeout: 5_000 }).toBe('ECONNREFUSED');

  const answers = await Promise.all(inFlight);
  for (const answer of answers) {
    // Answered in full, and the connection closed after it: a client moves to another instance.
    expect(answer, instance.output()).toMatchObject({
      status: 200,
      body: '{"success":true}',
      connection: 'close',
    });
    expect(answer.at).toBeGreaterThan(signalledAt);
  }

  const exit = await Promise.race([
    instance.exited,
    new Promise<undefined>((resolve) => setTimeout(resolve, 10_000 - (Date.now() - signalledAt))),
  ]);
  expect(exit, `still running 10 s after SIGTERM:\n${instance.output()}`).toBeDefined();
  expect({ code: exit?.code, signal: exit?.signal }, instance.output()).toEqual({ code: 0, signal: null });
}

test.describe('graceful shutdown', () => {
  test.describe.configure({ timeout: 60_000 });

  let instance: Instance | undefined;
  let pgliteDir: string | undefined;
  let database: ThrowawayDatabase | undefined;
  // An unknown address gets no mail, but its answer still needs a mail server that answers (ADR 016).
  let smtp: SmtpCatcher;

  test.beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });

  test.afterAll(async () => {
    await smtp?.close();
  });

  test.afterEach(async () => {
    await instance?.stop(2_000);
    instance = undefined;
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
    pgliteDir = undefined;
    await database?.drop();
    database = undefined;
  });

  test('on PGlite: SIGTERM drains in-flight requests, refuses new connections and exits 0', async () => {
    pgliteDir = mkdtempSync(join(tmpdir(), 'starter-shutdown-'));
    instance = await startInstance({ PGLITE_DIR: pgliteDir, AUTH_SIGN_UP: 'false', EMAIL_SERVER: smtp.url });
    await waitForReady(instance);
    await expectGracefulStop(instance);
  });

  test.describe('on Postgres', () => {
    test.skip(!serverUrl, 'needs a Postgres server: set TEST_DATABASE_URL');

    test('SIGTERM drains in-flight requests, closes the pool and exits 0', async () => {
      database = await createThrowawayDatabase(serverUrl!);
      const { sql, name } = database;
      const starterConnections = async () => {
        const [row] = await sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where datname = ${name} and application_name = 'starter'`;
        return row?.n ?? 0;
      };
      instance = await startInstance({
        DATABASE_URL: database.url,
        AUTH_SIGN_UP: 'false',
        EMAIL_SERVER: smtp.url,
      });
      await waitForReady(instance);
      expect(await starterConnections()).toBeGreaterThan(0);

      await expectGracefulStop(instance);
      await expect.poll(starterConnections, { timeout: 2_000 }).toBe(0);
    });
  });
});

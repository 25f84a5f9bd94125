import '@tanstack/react-start/server-only';
// A better-auth instance for integration tests: the production `createAuth` over a throwaway database,
// mailing through a real SMTP server on loopback, driven through `auth.handler` so rate limits and
// hooks run as they do in production.
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { eq, like } from 'drizzle-orm';
import { appConfig } from '~/app.config';
import {
  type CaughtMail,
  codeFromMail,
  type SmtpCatcher,
  startSmtpCatcher,
  subjectOf,
} from '@/test/smtp-catcher';
import type { Database, DatabaseHandle } from '@/server/db/client';
import { user, verification } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { createSmtpMailer, type Mailer } from '@/server/email/mailer';
import { provideJobRunner } from '@/server/jobs/app-jobs';
import { createJobRunner, type JobRunner } from '@/server/jobs/runner';
import { parseServerEnv, type ServerEnv } from '@/server/env';
import { type Auth, type AuthLimits, createAuth, defaultAuthLimits } from '@/server/auth/auth';
import { postgresQuotaStore } from '@/server/auth/quota-store';
import type { CodeFloors } from '@/server/auth/codes';

const TEST_BASE_URL = 'http://localhost:3000';
export const SESSION_COOKIE = 'better-auth.session_token';
const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnopqr';

/** The English subject of the new sign-in notice (the tests' requests name no language). */
const NOTICE_SUBJECT = (
  JSON.parse(readFileSync(new URL('../../public/locales/en/email.json', import.meta.url), 'utf8')) as {
    newSignIn: { subject: string };
  }
).newSignIn.subject.replace('{{product}}', appConfig.name);
const isSignInNotice = (mail: CaughtMail) => subjectOf(mail) === NOTICE_SUBJECT;

/**
 * What the suite's job runners deliver webhooks with: the key the endpoints' secrets are encrypted with
 * (the webhook tests encrypt with the same), and loopback receivers allowed, as outside production.
 */
export const TEST_WEBHOOKS = {
  secretKey: 'test-webhook-encryption-key-0123456789abcdef',
  allowPrivateAddresses: true,
  baseURL: 'http://localhost:3000',
};

export type TestAuthOptions = {
  signUpEnabled?: boolean;
  demo?: boolean;
  /** Merged over `defaultAuthLimits`, one group at a time. */
  limits?: Partial<AuthLimits>;
  /** Replaces the mailer that sends to the catcher (e.g. one pointing at a closed port). */
  mailer?: Mailer;
  /** `createTestAuth` only: the mailer the job queue sends the queued mail with (the catcher's unless given). */
  jobMailer?: Mailer;
  /** Extra server environment variables (e.g. `ADMIN_USER_IDS`), parsed as the app parses them. */
  env?: Record<string, string>;
  /** The code routes' shortest answers; none by default, so the suite does not wait for them. */
  codeFloors?: CodeFloors;
};

export type RequestOptions = {
  /** Sent as X-Forwarded-For; a fresh address per request when omitted, so per-IP limits stay out of the way. */
  ip?: string;
  /** Raw Cookie header. */
  cookie?: string;
  /**
   * Which browser sends a code request or a code (see codes.ts): the cookies the code routes set are kept
   * per browser name and sent back. `sendCode`/`signIn` use one browser per address unless told.
   */
  browser?: string;
  headers?: Record<string, string>;
};

export type AuthResponse = {
  status: number;
  /** The body parsed as JSON (null when empty or not JSON). */
  body: Record<string, unknown> | null;
  /** The body exactly as sent. */
  text: string;
  headers: Headers;
  /** `better-auth.session_token=…` ready for a Cookie header, when the response set one. */
  cookie: string | undefined;
};

/** A user signed in through `signedIn`: their session cookie and their row's id, address and name. */
type SignedIn = { cookie: string; id: string; email: string; name: string };

export type TestAuth = {
  auth: Auth;
  /** The server environment this instance was built with, parsed as the app parses it. */
  env: ServerEnv;
  db: Database;
  catcher: SmtpCatcher;
  request: (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ) => Promise<AuthResponse>;
  /** The cookies the code routes have set in `browser` (name=value pairs for a Cookie header). */
  browserCookies: (browser: string) => string;
  /** POST /email-otp/send-verification-otp for a sign-in code. */
  sendCode: (email: string, options?: RequestOptions) => Promise<AuthResponse>;
  /** POST /sign-in/email-otp. */
  signIn: (email: string, otp: string, options?: RequestOptions) => Promise<AuthResponse>;
  /** GET /get-session with the given Cookie header. */
  getSession: (cookie: string, options?: RequestOptions) => Promise<AuthResponse>;
  /**
   * Signs `email` in with a code (the account is made on a first sign-in), as its browser would: the
   * session cookie and the user's row. Throws when either step is refused.
   */
  signedIn: (email: string, options?: RequestOptions) => Promise<SignedIn>;
  /**
   * Messages the catcher received for `email` (lower-cased), oldest first, but the new sign-in notices:
   * one is sent after the sign-in has answered, so it could otherwise land after the next code.
   */
  mailsTo: (email: string) => CaughtMail[];
  /** The new sign-in notices the catcher received for `email`, oldest first. */
  signInNoticesTo: (email: string) => CaughtMail[];
  /** The sign-in-otp verification rows of `email`, from every browser. */
  verificationRows: (email: string) => Promise<(typeof verification.$inferSelect)[]>;
  /** Another auth instance over the same database and catcher (closing it closes nothing shared). */
  derive: (options: TestAuthOptions) => TestAuth;
  /**
   * Waits until the job queue has sent (or failed to send) every mail it could send now: the notices and
   * invitations go out from the queue, after the request that caused them has answered.
   */
  mailsSettled: () => Promise<void>;
  /** The job queue the mails go through (started on the first mail queued). */
  jobs: () => Promise<JobRunner>;
  /** Stops the queue and the catcher and drops the database, when this instance created them. */
  close: () => Promise<void>;
};

let ipCounter = 0;
/** A distinct documentation-range-like address per call (10.x.y.z, never repeats within a run). */
function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** `smtp://` URL of a loopback port nothing listens on (bound, then released). */
export async function unreachableSmtpUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

/**
 * A test auth instance. Without `shared` it creates its own database and SMTP catcher and `close`
 * removes them; `derive` builds siblings with other options over the same ones.
 */
export async function createTestAuth(
  options: TestAuthOptions = {},
): Promise<TestAuth & { testDb: TestDatabase }> {
  const testDb = await createTestDatabase();
  let catcher: SmtpCatcher;
  try {
    catcher = await startSmtpCatcher();
  } catch (error) {
    await testDb.cleanup();
    throw error;
  }
  const jobs = lazyJobRunner(
    testDb.handle,
    options.jobMailer ?? createSmtpMailer(catcher.url, 'Test <t@example.test>'),
  );
  const owned = async () => {
    try {
      await jobs.stop();
      await catcher.close();
    } finally {
      await testDb.cleanup();
    }
  };
  // What the product's code queues (a webhook delivery from an audited change) goes to this database's queue.
  provideJobRunner(jobs.get);
  return { ...buildTestAuth(testDb.handle.db, catcher, options, jobs.get, owned), testDb };
}

/** The product's job runner on the test database, started when first asked for, with short intervals. */
function lazyJobRunner(handle: DatabaseHandle, mailer: Mailer) {
  let runner: Promise<JobRunner> | undefined;
  return {
    get: () =>
      (runner ??= (async () => {
        const started = createJobRunner(
          handle,
          {
            mailer,
            pruneRateLimits: () => postgresQuotaStore(handle.db).prune(),
            auditRetentionDays: appConfig.audit.retentionDays,
            webhooks: TEST_WEBHOOKS,
          },
          { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 },
        );
        await started.start();
        return started;
      })()),
    stop: async () => {
      await (await runner?.catch(() => undefined))?.stop(5_000);
    },
  };
}

function buildTestAuth(
  db: Database,
  catcher: SmtpCatcher,
  options: TestAuthOptions,
  jobs: () => Promise<JobRunner>,
  close: () => Promise<void>,
): TestAuth {
  const env = parseServerEnv({
    ...options.env,
    NODE_ENV: 'test',
    BETTER_AUTH_SECRET: TEST_SECRET,
  });
  const auth = createAuth({
    db,
    env,
    mailer: options.mailer ?? createSmtpMailer(catcher.url, 'Test <t@example.test>'),
    outbox: { send: async (mail) => void (await (await jobs()).enqueue(db, 'mail', mail)) },
    baseURL: TEST_BASE_URL,
    signUpEnabled: options.signUpEnabled ?? true,
    demo: options.demo ?? false,
    limits: { ...defaultAuthLimits, ...options.limits },
    codeFloors: options.codeFloors ?? { send: 0, check: 0 },
  });

  // Cookies the code routes set (browser binding, known browser), per simulated browser.
  const jars = new Map<string, Map<string, string>>();
  const browserCookies = (browser: string) =>
    [...(jars.get(browser) ?? new Map<string, string>())]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');

  const request: TestAuth['request'] = async (method, path, body, requestOptions = {}) => {
    const headers = new Headers({
      origin: TEST_BASE_URL,
      'x-forwarded-for': requestOptions.ip ?? nextIp(),
      ...requestOptions.headers,
    });
    if (body !== undefined) headers.set('content-type', 'application/json');
    const browser = requestOptions.browser;
    const cookie = [requestOptions.cookie, browser ? browserCookies(browser) : ''].filter(Boolean).join('; ');
    if (cookie) headers.set('cookie', cookie);
    const response = await auth.handler(
      new Request(`${TEST_BASE_URL}/api/auth${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    if (browser) keepCodeCookies(jars, browser, response.headers);
    const text = await response.text();
    let parsed: Record<string, unknown> | null;
    try {
      const value: unknown = text ? JSON.parse(text) : null;
      parsed = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
    } catch {
      parsed = null;
    }
    return {
      status: response.status,
      body: parsed,
      text,
      headers: response.headers,
      cookie: sessionCookieOf(response.headers),
    };
  };

  const self: TestAuth = {
    auth,
    env,
    db,
    catcher,
    request,
    browserCookies,
    sendCode: (email, requestOptions) =>
      request(
        'POST',
        '/email-otp/send-verification-otp',
        { email, type: 'sign-in' },
        { browser: browserOf(email), ...requestOptions },
      ),
    signIn: (email, otp, requestOptions) =>
      request('POST', '/sign-in/email-otp', { email, otp }, { browser: browserOf(email), ...requestOptions }),
    getSession: (cookie, requestOptions) =>
      request('GET', '/get-session', undefined, { ...requestOptions, cookie }),
    signedIn: async (email, requestOptions) => {
      const sent = await self.sendCode(email, requestOptions);
      if (sent.status !== 200) throw new Error(`no code for ${email}: ${sent.status} ${sent.text}`);
      const mail = self.mailsTo(email).at(-1);
      if (!mail) throw new Error(`no code mailed to ${email}`);
      const answer = await self.signIn(email, codeFromMail(mail), requestOptions);
      const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
      if (answer.status !== 200 || !answer.cookie || !row) {
        throw new Error(`${email} not signed in: ${answer.status} ${answer.text}`);
      }
      return { cookie: answer.cookie, id: row.id, email: row.email, name: row.name };
    },
    mailsTo: (email) =>
      catcher.messages.filter((m) => m.to.includes(email.toLowerCase()) && !isSignInNotice(m)),
    signInNoticesTo: (email) =>
      catcher.messages.filter((m) => m.to.includes(email.toLowerCase()) && isSignInNotice(m)),
    verificationRows: (email) =>
      db
        .select()
        .from(verification)
        .where(like(verification.identifier, `sign-in-otp-${email.toLowerCase()}#%`)),
    derive: (derived) => buildTestAuth(db, catcher, derived, jobs, async () => {}),
    mailsSettled: async () => (await jobs()).drained('mail'),
    jobs,
    close,
  };
  return self;
}

/** The browser `sendCode` and `signIn` play by default: one per address, as a person would. */
const browserOf = (email: string) => `browser-of:${email.trim().toLowerCase()}`;

/** Keeps the code cookies (binding, known browser) a response sets, as a browser would. */
function keepCodeCookies(jars: Map<string, Map<string, string>>, browser: string, headers: Headers) {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eqAt = pair?.indexOf('=') ?? -1;
    if (!pair || eqAt < 0) continue;
    const name = pair.slice(0, eqAt).trim();
    if (!/code_(binding|known)$/.test(name)) continue;
    const jar = jars.get(browser) ?? new Map<string, string>();
    jar.set(name, pair.slice(eqAt + 1).trim());
    jars.set(browser, jar);
  }
}

/** The session cookie from Set-Cookie as `name=value`, or undefined (also when it is being cleared). */
function sessionCookieOf(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eqAt = pair?.indexOf('=') ?? -1;
    if (!pair || eqAt < 0) continue;
    const name = pair.slice(0, eqAt).trim();
    const value = pair.slice(eqAt + 1).trim();
    if (name === SESSION_COOKIE && value) return `${name}=${value}`;
  }
  return undefined;
}

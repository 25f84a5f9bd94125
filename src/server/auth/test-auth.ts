import '@tanstack/react-start/server-only';
// A better-auth instance for integration tests: the production `createAuth` over a throwaway database,
// mailing through a real SMTP server on loopback, driven through `auth.handler` so rate limits and
// hooks run as they do in production.
import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { type CaughtMail, type SmtpCatcher, startSmtpCatcher } from '@/test/smtp-catcher';
import type { Database } from '@/server/db/client';
import { verification } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/server/db/testing';
import { createSmtpMailer, type Mailer } from '@/server/email/mailer';
import { parseServerEnv, type ServerEnv } from '@/server/env';
import { type Auth, type AuthLimits, createAuth, defaultAuthLimits } from './auth';

export const TEST_BASE_URL = 'http://localhost:3000';
export const SESSION_COOKIE = 'better-auth.session_token';
const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnopqr';

export type TestAuthOptions = {
  signUpEnabled?: boolean;
  demo?: boolean;
  /** Merged over `defaultAuthLimits`, one group at a time. */
  limits?: Partial<AuthLimits>;
  /** Replaces the mailer that sends to the catcher (e.g. one pointing at a closed port). */
  mailer?: Mailer;
  /** Extra server environment variables (e.g. `ADMIN_USER_IDS`), parsed as the app parses them. */
  env?: Record<string, string>;
};

export type RequestOptions = {
  /** Sent as X-Forwarded-For; a fresh address per request when omitted, so per-IP limits stay out of the way. */
  ip?: string;
  /** Raw Cookie header. */
  cookie?: string;
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
  /** POST /email-otp/send-verification-otp for a sign-in code. */
  sendCode: (email: string, options?: RequestOptions) => Promise<AuthResponse>;
  /** POST /sign-in/email-otp. */
  signIn: (email: string, otp: string, options?: RequestOptions) => Promise<AuthResponse>;
  /** GET /get-session with the given Cookie header. */
  getSession: (cookie: string, options?: RequestOptions) => Promise<AuthResponse>;
  /** Messages the catcher received for `email` (lower-cased), oldest first. */
  mailsTo: (email: string) => CaughtMail[];
  /** The sign-in-otp verification rows of `email`. */
  verificationRows: (email: string) => Promise<(typeof verification.$inferSelect)[]>;
  /** Another auth instance over the same database and catcher (closing it closes nothing shared). */
  derive: (options: TestAuthOptions) => TestAuth;
  /** Stops the catcher and drops the database, when this instance created them. */
  close: () => Promise<void>;
};

let ipCounter = 0;
/** A distinct documentation-range-like address per call (10.x.y.z, never repeats within a run). */
export function nextIp(): string {
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
  const owned = async () => {
    try {
      await catcher.close();
    } finally {
      await testDb.cleanup();
    }
  };
  return { ...buildTestAuth(testDb.handle.db, catcher, options, owned), testDb };
}

function buildTestAuth(
  db: Database,
  catcher: SmtpCatcher,
  options: TestAuthOptions,
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
    baseURL: TEST_BASE_URL,
    signUpEnabled: options.signUpEnabled ?? true,
    demo: options.demo ?? false,
    limits: { ...defaultAuthLimits, ...options.limits },
  });

  const request: TestAuth['request'] = async (method, path, body, requestOptions = {}) => {
    const headers = new Headers({
      origin: TEST_BASE_URL,
      'x-forwarded-for': requestOptions.ip ?? nextIp(),
      ...requestOptions.headers,
    });
    if (body !== undefined) headers.set('content-type', 'application/json');
    if (requestOptions.cookie) headers.set('cookie', requestOptions.cookie);
    const response = await auth.handler(
      new Request(`${TEST_BASE_URL}/api/auth${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
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
    sendCode: (email, requestOptions) =>
      request('POST', '/email-otp/send-verification-otp', { email, type: 'sign-in' }, requestOptions),
    signIn: (email, otp, requestOptions) =>
      request('POST', '/sign-in/email-otp', { email, otp }, requestOptions),
    getSession: (cookie, requestOptions) =>
      request('GET', '/get-session', undefined, { ...requestOptions, cookie }),
    mailsTo: (email) => catcher.messages.filter((m) => m.to.includes(email.toLowerCase())),
    verificationRows: (email) =>
      db
        .select()
        .from(verification)
        .where(eq(verification.identifier, `sign-in-otp-${email.toLowerCase()}`)),
    derive: (derived) => buildTestAuth(db, catcher, derived, async () => {}),
    close,
  };
  return self;
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

// The HTTP side of a virtual user: timed requests, a small cookie jar, better-auth's sign-in routes and
// TanStack Start server functions, called the way the browser bundle calls them.
import { fromCrossJSON, toJSON } from 'seroval';
import { serverFnId } from '../server-fn-id.ts';

export type Kind = 'signIn' | 'read' | 'write';

/** How a request ended without an HTTP answer. */
export type NetError = 'timeout' | 'reset' | 'refused' | 'network';

/** One timed request, as the generator records it and the report reads it. */
export type Sample = {
  kind: Kind;
  op: string;
  /** Which server instance answered (A or B). */
  target: string;
  /** Start, in ms since the generator's t0 (epoch ms, shared with the orchestrator). */
  at: number;
  ms: number;
  /** The HTTP status, or 0 when there was no answer. */
  status: number;
  error?: NetError;
  /** The application's error code (`SERVICE_UNAVAILABLE`, `EMAIL_NOT_SENT`…) of a failed answer. */
  code?: string;
  /** In flight at the instance when it was sent SIGTERM. */
  inFlightAtSigterm?: boolean;
  /** Sent to the instance after it was sent SIGTERM. */
  afterSigterm?: boolean;
  /** Refused by a stopping instance, then sent to another one. */
  retried?: boolean;
};

export type Reply = {
  status: number;
  error?: NetError;
  text: string;
  setCookies: string[];
  started: number;
  ms: number;
};

export type Target = { name: string; origin: string };

/** Sends one request and reads the whole body; never throws, never waits past `timeoutMs`. */
export async function timedFetch(url: string, init: RequestInit, timeoutMs: number): Promise<Reply> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return {
      status: response.status,
      text,
      setCookies: response.headers.getSetCookie(),
      started,
      ms: performance.now() - started,
    };
  } catch (error) {
    return {
      status: 0,
      error: netError(error),
      text: '',
      setCookies: [],
      started,
      ms: performance.now() - started,
    };
  }
}

function netError(error: unknown): NetError {
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  const cause = (error as { cause?: { code?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code;
  if (code === 'ECONNREFUSED') return 'refused';
  // undici reports a socket closed by the peer mid-request as UND_ERR_SOCKET ("other side closed").
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'reset';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return 'timeout';
  return 'network';
}

/** Session cookies by name; a Set-Cookie that expires the cookie removes it. */
export class CookieJar {
  private readonly values = new Map<string, string>();

  store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*(0|-)/i.test(a));
      if (!value || expired) this.values.delete(name);
      else this.values.set(name, value);
    }
  }

  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

// --- Start's wire format: seroval, as in e2e/support/server-fn.ts ----------------------------------------

/** A thrown error travels through one of Start's seroval plugins; its message is all the app sends. */
const SERIALISED_ERROR = /"k":\["error"\].*?"message":\{"t":1,"s":"([^"]*)"\}/;

/** The application's error code in a failed answer: Start's serialised error or better-auth's `code`. */
export function errorCode(text: string): string | undefined {
  const serialised = SERIALISED_ERROR.exec(text)?.[1];
  if (serialised !== undefined) return serialised.split(':')[0];
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined; // a plain-text or HTML error page
  }
}

/** `/_serverFn/<id>` for an exported server function of a feature. */
export function serverFnPath(feature: string, exportName: string): string {
  return `/_serverFn/${serverFnId(`src/features/${feature}/functions.ts`, exportName)}`;
}

/**
 * Calls a server function with `data`: GET carries it in the query, POST in a JSON body. With
 * `bodyHeldUntil`, a POST sends its headers and half its body at once and the rest only once that
 * promise resolves, like a slow client: the request is surely in flight at the server meanwhile.
 */
export function callServerFn(
  target: Target,
  method: 'GET' | 'POST',
  path: string,
  data: unknown,
  headers: Record<string, string>,
  timeoutMs: number,
  bodyHeldUntil?: Promise<void>,
): Promise<Reply> {
  const payload = JSON.stringify(toJSON({ data }));
  const common = { ...headers, origin: target.origin, 'x-tsr-serverFn': 'true', accept: 'application/json' };
  if (method === 'GET') {
    const url = `${target.origin}${path}?payload=${encodeURIComponent(payload)}`;
    return timedFetch(url, { method, headers: common }, timeoutMs);
  }
  const post = { ...common, 'content-type': 'application/json' };
  if (!bodyHeldUntil)
    return timedFetch(`${target.origin}${path}`, { method, headers: post, body: payload }, timeoutMs);
  const bytes = new TextEncoder().encode(payload);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(bytes.subarray(0, bytes.length >> 1));
      await bodyHeldUntil;
      controller.enqueue(bytes.subarray(bytes.length >> 1));
      controller.close();
    },
  });
  // A streamed body needs `duplex`, which the DOM typings of RequestInit lack.
  const init = { method, headers: { ...post, 'content-length': String(bytes.length) }, body, duplex: 'half' };
  return timedFetch(`${target.origin}${path}`, init as RequestInit, timeoutMs);
}

/**
 * A server function's answer: its `result`, or the code of the error it carries. Start may answer an
 * error with HTTP 200, so the body decides, not only the status.
 */
export function readServerFn<T>(reply: Reply): { result?: T; code?: string } {
  if (reply.status === 0) return {};
  const code = errorCode(reply.text);
  if (code !== undefined) return { code };
  if (reply.status >= 400) return {};
  try {
    const answer = fromCrossJSON(JSON.parse(reply.text) as Parameters<typeof fromCrossJSON>[0], {
      refs: new Map(),
    }) as { result?: T } | undefined;
    return { result: answer?.result };
  } catch {
    return { code: 'UNREADABLE_ANSWER' };
  }
}

/** POSTs JSON to a better-auth route with the origin header its CSRF check wants. */
export function postAuth(
  target: Target,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Reply> {
  return timedFetch(
    `${target.origin}/api/auth${path}`,
    {
      method: 'POST',
      headers: { ...headers, origin: target.origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    timeoutMs,
  );
}

/** The sign-in code mailed to `email` since `since`, from the orchestrator's mail API; null if none came. */
export async function waitForCode(
  mailApi: string,
  email: string,
  since: number,
  timeoutMs: number,
): Promise<string | null> {
  const reply = await timedFetch(
    `${mailApi}/code?to=${encodeURIComponent(email)}&since=${since}&waitMs=${timeoutMs}`,
    { method: 'GET' },
    timeoutMs + 5_000,
  );
  return reply.status === 200 ? (JSON.parse(reply.text) as { code: string }).code : null;
}

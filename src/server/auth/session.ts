import '@tanstack/react-start/server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getRequestHeaders } from '@tanstack/react-start/server';
import { getSessionCookie } from 'better-auth/cookies';
import { parseSessionOutput, parseUserOutput } from 'better-auth/db';
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { session, user } from '@/server/db/schema/index';
import { currentRequest, type RequestContext } from '@/server/http/request-context';
import { isBanInForce } from './banned-sessions';
import { withinImpersonationLimit } from './impersonation';
import { getAuth } from './instance';

type Auth = Awaited<ReturnType<typeof getAuth>>;
export type RequestSession = Awaited<ReturnType<Auth['api']['getSession']>>;

const lookups = new WeakMap<RequestContext, Promise<RequestSession>>();

/**
 * The session behind the current request, read from the database at most once per request: a page
 * render asks for it in its route guard and again in every server function its loaders call. Without a
 * session cookie there is nothing to read. Nothing is kept past the request, so a revoked session or a
 * ban counts from the next request on, on every instance.
 */
export function requestSession(): Promise<RequestSession> {
  const headers = getRequestHeaders();
  if (!getSessionCookie(headers)) return Promise.resolve(null);
  const context = currentRequest();
  const known = context && lookups.get(context);
  if (known) return known;
  const lookup = Promise.all([getAuth(), getDb()]).then(([auth, db]) => readSession(auth, db, headers));
  if (context) lookups.set(context, lookup);
  return lookup;
}

/**
 * After a change to the current request's own session row (its active organization set), the next
 * `requestSession` reads it again: a page render whose guard gave the user a workspace must render that
 * workspace, not the session as it was when the request began.
 */
export function forgetRequestSession(): void {
  const context = currentRequest();
  if (context) lookups.delete(context);
}

/**
 * better-auth's session check (`auth.api.getSession`), with its common case taken directly: a validly
 * signed session cookie whose session is found, unexpired and not due for its sliding refresh. That case
 * is a signature check and one database read, which better-auth wraps in costly endpoint machinery
 * (WebCrypto key import, hooks, its adapter rebuilding the query, response building) on every request
 * (figures: docs/performance.md#session-fast-path).
 * It reads the same row with its user in one query and shapes them with better-auth's own output parsers,
 * so the result is the same object. Every other case (no or bad signature, expired, due for refresh,
 * "don't remember me", cached session data) is left to better-auth, which also writes the cookies those
 * cases need.
 * docs/decisions/015-session-check-fast-path.md; session.integration.test.ts compares both case by case.
 */
export async function readSession(auth: Auth, db: Database, headers: Headers): Promise<RequestSession> {
  const direct = await readUsualSession(auth, db, headers);
  // An impersonation ends an hour after it began, whichever way the session was read (impersonation.ts).
  return withinImpersonationLimit(direct === undefined ? await auth.api.getSession({ headers }) : direct);
}

/** The session when the request is the usual case; `undefined` when better-auth must decide. */
async function readUsualSession(
  auth: Auth,
  db: Database,
  headers: Headers,
): Promise<RequestSession | undefined> {
  const context = await auth.$context;
  // With a secondary storage (Redis, say) better-auth keeps sessions there, not only in the table.
  if ('secondaryStorage' in context.options) return undefined;
  // better-auth reads a session data cookie first when its cookie cache is on; not the case here.
  if ('cookieCache' in (context.options.session ?? {})) return undefined;
  const cookies = parseRequestCookies(headers.get('cookie') ?? '');
  const { sessionToken, sessionData, dontRememberToken } = context.authCookies;
  for (const name of cookies.keys()) {
    if (name === sessionData.name || name.startsWith(`${sessionData.name}.`)) return undefined;
  }
  if (cookies.has(dontRememberToken.name)) return undefined;
  const token = verifiedCookieValue(cookies.get(sessionToken.name), context.secret);
  if (!token) return undefined;

  const [found] = await db
    .select({ session, user })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token))
    .limit(1);
  // A banned user's session that outlived the ban is better-auth's to refuse and delete (banned-sessions.ts).
  if (!found || found.session.expiresAt < new Date() || isBanInForce(found.user)) return undefined;
  const { expiresIn, updateAge } = context.sessionConfig;
  const dueForRefresh = found.session.expiresAt.valueOf() - expiresIn * 1000 + updateAge * 1000 <= Date.now();
  if (dueForRefresh) return undefined;
  return {
    session: parseSessionOutput(context.options, found.session),
    user: parseUserOutput(context.options, found.user),
  } as NonNullable<RequestSession>;
}

/**
 * The request's cookies as better-auth's endpoints read them (better-call's `getCookie` and
 * `getSignedCookie`): the first of several cookies with one name wins, surrounding quotes are dropped and
 * `%` escapes decoded. better-auth's exported `parseCookies` keeps the last one instead: with a duplicated
 * session cookie the direct path would read another session than better-auth does.
 */
function parseRequestCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  let index = 0;
  while (index < header.length) {
    const equals = header.indexOf('=', index);
    if (equals === -1) break;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < equals) {
      // A pair without '=' before this one: start again after the last ';' before the '='.
      index = header.lastIndexOf(';', equals - 1) + 1;
      continue;
    }
    const name = header.slice(index, equals).trim();
    if (!cookies.has(name)) {
      let value = header.slice(equals + 1, end).trim();
      if (value.startsWith('"')) value = value.slice(1, -1);
      cookies.set(name, decodeCookieValue(value));
    }
    index = end + 1;
  }
  return cookies;
}

function decodeCookieValue(value: string): string {
  try {
    return value.includes('%') ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}

/** The value of a cookie signed the way better-auth signs it (`value.base64(HMAC-SHA256)`), if genuine. */
export function verifiedCookieValue(cookie: string | undefined, secret: string): string | undefined {
  if (!cookie) return undefined;
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return undefined;
  const value = cookie.slice(0, dot);
  // Compared as text, as better-auth does: another spelling of the same bytes is not its signature.
  const signature = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(value).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : undefined;
}

import '@tanstack/react-start/server-only';
import { getRequestHeaders } from '@tanstack/react-start/server';
import { getSessionCookie } from 'better-auth/cookies';
import { currentRequest, type RequestContext } from '@/server/http/request-context';
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
  const lookup = getAuth().then((auth) => auth.api.getSession({ headers }));
  if (context) lookups.set(context, lookup);
  return lookup;
}

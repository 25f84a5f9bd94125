import '@tanstack/react-start/server-only';
import { getRequestIP } from '@tanstack/react-start/server';
import { serverEnv } from './env.ts';

/**
 * The request better-auth sees, carrying the real client address in X-Forwarded-For: the proxy's
 * header when `TRUST_PROXY=true`, else the socket address (a client-sent header is never trusted).
 * Without it, rate limits share one bucket for everyone and sessions record no IP.
 */
export function withClientIp(request: Request): Request {
  if (serverEnv().TRUST_PROXY === 'true' && request.headers.has('x-forwarded-for')) return request;
  const ip = getRequestIP();
  const headers = new Headers(request.headers);
  if (ip) headers.set('x-forwarded-for', ip);
  else headers.delete('x-forwarded-for');
  // Built from parts: the server's request class is not the global one, so it cannot be cloned by `new Request(request)`.
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(request.url, {
    method: request.method,
    headers,
    body: hasBody ? request.body : undefined,
    signal: request.signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * The current request's client address by the same rule (for the audit log): the proxy's first
 * X-Forwarded-For entry when `TRUST_PROXY=true`, else the socket address; null outside a request.
 */
export function clientIp(): string | null {
  try {
    return getRequestIP({ xForwardedFor: serverEnv().TRUST_PROXY === 'true' }) ?? null;
  } catch {
    return null;
  }
}

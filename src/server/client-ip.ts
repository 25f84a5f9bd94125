import '@tanstack/react-start/server-only';
import { isIP } from 'node:net';
import { getRequestHeader, getRequestHeaders, getRequestIP } from '@tanstack/react-start/server';
import { serverEnv } from './env.ts';

/** Whether a proxy in front is trusted, and how many proxies append to X-Forwarded-For. */
export type ProxyTrust = { trustProxy: boolean; hops: number };

function proxyTrust(): ProxyTrust {
  const env = serverEnv();
  return { trustProxy: env.TRUST_PROXY === 'true', hops: env.TRUST_PROXY_HOPS };
}

/** One plain address (no port, no brackets, IPv4-mapped IPv6 as IPv4), or null when it is not one. */
function plainAddress(value: string | undefined): string | null {
  let address = value?.trim() ?? '';
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.indexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) address = mapped[1];
  return isIP(address) ? address.toLowerCase() : null;
}

/**
 * The client's address. Without a trusted proxy: the socket address, whatever the headers say. Behind
 * `hops` trusted proxies, each appends the address it received the request from to X-Forwarded-For, so the
 * client is the `hops`-th entry from the right; everything left of it was written by the client and is
 * never used (a header with fewer entries gives its leftmost one). When that entry is not an address, the
 * socket address. Guarantees one plain IP address or null.
 */
export function resolveClientIp(
  forwardedFor: string | null | undefined,
  socketAddress: string | undefined,
  trust: ProxyTrust,
): string | null {
  const socket = plainAddress(socketAddress);
  if (!trust.trustProxy || !forwardedFor) return socket;
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return socket;
  return plainAddress(entries[Math.max(0, entries.length - trust.hops)]) ?? socket;
}

/** `headers` with X-Forwarded-For set to exactly `ip` (removed when null). */
function forwardedFor(headers: Headers, ip: string | null): Headers {
  if (ip) headers.set('x-forwarded-for', ip);
  else headers.delete('x-forwarded-for');
  return headers;
}

/**
 * `request` with X-Forwarded-For set to exactly `ip` (removed when null): better-auth then reads the
 * same single address for rate limits and sessions as `clientIp()` gives the audit log.
 */
export function withForwardedFor(request: Request, ip: string | null): Request {
  if (ip !== null && request.headers.get('x-forwarded-for') === ip) return request;
  const headers = forwardedFor(new Headers(request.headers), ip);
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
 * The request better-auth sees, carrying the client address (`resolveClientIp`) as its only
 * X-Forwarded-For entry. Without it, rate limits share one bucket for everyone and sessions record no IP.
 */
export function withClientIp(request: Request): Request {
  return withForwardedFor(
    request,
    resolveClientIp(request.headers.get('x-forwarded-for'), getRequestIP(), proxyTrust()),
  );
}

/** The current request's client address by the same rule (for the audit log); null outside a request. */
export function clientIp(): string | null {
  try {
    return resolveClientIp(getRequestHeader('x-forwarded-for'), getRequestIP(), proxyTrust());
  } catch {
    return null;
  }
}

/**
 * The current request's headers for a call through better-auth's `auth.api` from server code, with the
 * client address (`clientIp`) as their only X-Forwarded-For entry, as `withClientIp` does for HTTP: what
 * a client wrote there never reaches a rate limit, a session row or an audit entry.
 */
export function authApiHeaders(): Headers {
  return forwardedFor(new Headers(getRequestHeaders()), clientIp());
}

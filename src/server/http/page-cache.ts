import '@tanstack/react-start/server-only';
import { getSessionCookie } from 'better-auth/cookies';

/** Longer keys (a huge cookie or Accept-Language) are not worth a place: such requests render. */
const KEY_MAX = 2048;

/**
 * A stored page as UTF-8 bytes cut where its nonce stood: a hit joins bytes, where a string body would be
 * checked for lone surrogates and encoded again on every answer (most of a hit's cost).
 */
type Entry = { parts: Buffer[]; headers: [string, string][]; expiresAt: number };

export type PageCacheOptions = {
  /** Pages whose anonymous render depends only on the URL, the cookies and Accept-Language. */
  paths: readonly string[];
  /** Search parameters those pages read; a request with any other parameter renders. */
  params: readonly string[];
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
};

export type PageCache = {
  /** The entry key for a request that may be answered from the cache, or undefined if it must render. */
  keyFor: (request: Request, pathname: string) => string | undefined;
  /** The stored page for `key` with `nonce` in place of the one it was rendered with, if fresh. */
  serve: (key: string, nonce: string) => Response | undefined;
  /** Stores a fresh render when it is a plain 200 page; returns a response with the same content. */
  keep: (key: string, response: Response, nonce: string) => Promise<Response>;
  /** Pages held, fresh or expired but not yet dropped (at most `maxEntries`). */
  size: () => number;
};

/**
 * Where the entry count of the newest cache can be read by code that cannot import this bundled module:
 * the soak harness's preload (scripts/load/probe.ts). A function under a global symbol, so nothing is
 * reachable over HTTP and a production process without that preload never reads it.
 */
export const PAGE_CACHE_SIZE = Symbol.for('starter.pageCache.size');

/**
 * A short-lived, in-process cache of public pages rendered for visitors without a session (ADR 012).
 * A page is stored only when the request carried no session cookie, asked for one of `paths` with known
 * parameters, and the answer was a 200 HTML page that set no cookie; it is served again only for the same
 * URL, cookies and Accept-Language, with the new request's nonce, for at most `ttlMs`. At most
 * `maxEntries` pages are held (least recently used out first).
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const { ttlMs, maxEntries, now = Date.now } = options;
  const paths = new Set(options.paths);
  const params = new Set(options.params);
  const entries = new Map<string, Entry>();
  (globalThis as { [PAGE_CACHE_SIZE]?: () => number })[PAGE_CACHE_SIZE] = () => entries.size;

  return {
    size: () => entries.size,

    keyFor(request, pathname) {
      if (ttlMs <= 0 || request.method !== 'GET' || !paths.has(pathname)) return undefined;
      if (getSessionCookie(request)) return undefined;
      const search = new URL(request.url).searchParams;
      for (const name of search.keys()) if (!params.has(name)) return undefined;
      search.sort();
      const key = [
        `${pathname}?${search.toString()}`,
        request.headers.get('cookie') ?? '',
        request.headers.get('accept-language') ?? '',
      ].join('\n');
      return key.length <= KEY_MAX ? key : undefined;
    },

    serve(key, nonce) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      // Most recently used last, so eviction takes the oldest first.
      entries.delete(key);
      entries.set(key, entry);
      const nonceBytes = Buffer.from(nonce);
      const body = Buffer.concat(entry.parts.flatMap((part, i) => (i === 0 ? [part] : [nonceBytes, part])));
      return new Response(body, { status: 200, headers: entry.headers });
    },

    async keep(key, response, nonce) {
      const type = response.headers.get('content-type') ?? '';
      if (ttlMs <= 0) return response;
      if (response.status !== 200 || !type.startsWith('text/html') || response.headers.has('set-cookie')) {
        return response;
      }
      const html = await response.text();
      // The length is the body's own business: Response sets it from the bytes.
      const headers = [...response.headers.entries()].filter(([name]) => name !== 'content-length');
      entries.delete(key);
      const parts = html.split(nonce).map((part) => Buffer.from(part));
      entries.set(key, { parts, headers, expiresAt: now() + ttlMs });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return new Response(html, { status: 200, headers });
    },
  };
}

/** The pages the sign-in cache may answer, and the search parameters they read. */
export const SIGN_IN_PAGES = {
  paths: ['/login', '/login/verify', '/login/error'],
  params: ['redirect', 'email', 'error', 'lng'],
} as const;

/**
 * The sign-in pages as rendered for visitors without a session, kept for a minute: they depend only on
 * the URL and the language, and are what every anonymous visit and most unwanted traffic asks for (ADR 012,
 * docs/performance.md#page-cache). `PAGE_CACHE=false` gives a cache that never applies: every visit renders.
 */
export function signInPageCache(env: { PAGE_CACHE: 'true' | 'false' }, now?: () => number): PageCache {
  return createPageCache({
    ...SIGN_IN_PAGES,
    ttlMs: env.PAGE_CACHE === 'true' ? 60_000 : 0,
    maxEntries: 100,
    ...(now ? { now } : {}),
  });
}

import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/server/env';
import {
  createPageCache,
  PAGE_CACHE_SIZE,
  type PageCacheOptions,
  SIGN_IN_PAGES,
  signInPageCache,
} from './page-cache';

const NONCE = 'Rendered+Nonce/0000000==';

function cacheAt(clock: { now: number }, options: Partial<PageCacheOptions> = {}) {
  return createPageCache({
    paths: ['/login', '/login/verify'],
    params: ['redirect', 'email', 'lng'],
    ttlMs: 60_000,
    maxEntries: 2,
    now: () => clock.now,
    ...options,
  });
}

function visit(path: string, headers: Record<string, string> = {}, method = 'GET'): [Request, string] {
  const url = new URL(path, 'http://127.0.0.1:3000');
  return [new Request(url, { method, headers }), url.pathname];
}

function page(nonce = NONCE, headers: Record<string, string> = {}, status = 200): Response {
  const html = `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head><body>é ${nonce}</body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });
}

/** Renders and offers a page to the cache under the request's key; returns the key. */
async function render(cache: ReturnType<typeof cacheAt>, path: string, headers: Record<string, string> = {}) {
  const key = cache.keyFor(...visit(path, headers));
  if (key === undefined) throw new Error(`${path} is not cacheable`);
  const kept = await cache.keep(key, page(), NONCE);
  expect(await kept.text()).toBe(await page().text());
  return key;
}

describe('page cache', () => {
  it('answers a second visit with the stored page under the new request nonce', async () => {
    const cache = cacheAt({ now: 0 });
    const key = await render(cache, '/login?redirect=%2Fapp');
    const hit = cache.serve(key, 'Fresh/Nonce+111111111==');
    expect(hit?.status).toBe(200);
    expect(hit?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await hit?.text()).toBe(await page('Fresh/Nonce+111111111==').text());
  });

  it('keeps visits apart by URL, language cookie and Accept-Language', async () => {
    const cache = cacheAt({ now: 0 }, { maxEntries: 10 });
    const key = await render(cache, '/login', { 'accept-language': 'fr' });
    const others = [
      visit('/login', { 'accept-language': 'ar' }),
      visit('/login', { 'accept-language': 'fr', cookie: 'i18next=sw' }),
      visit('/login?lng=en', { 'accept-language': 'fr' }),
      visit('/login/verify?email=a%40b.test', { 'accept-language': 'fr' }),
    ];
    for (const other of others) {
      const otherKey = cache.keyFor(...other);
      expect(otherKey).toBeDefined();
      expect(otherKey).not.toBe(key);
      expect(cache.serve(otherKey ?? '', NONCE)).toBeUndefined();
    }
    // Parameter order does not make another page.
    expect(cache.keyFor(...visit('/login?lng=fr&redirect=%2Fapp'))).toBe(
      cache.keyFor(...visit('/login?redirect=%2Fapp&lng=fr')),
    );
  });

  it('never applies to a session, another page, another method or an unknown parameter', () => {
    const cache = cacheAt({ now: 0 });
    expect(cache.keyFor(...visit('/login', { cookie: 'better-auth.session_token=abc.def' }))).toBeUndefined();
    expect(
      cache.keyFor(...visit('/login', { cookie: 'i18next=fr; __Secure-better-auth.session_token=abc' })),
    ).toBeUndefined();
    expect(cache.keyFor(...visit('/app'))).toBeUndefined();
    expect(cache.keyFor(...visit('/login', {}, 'POST'))).toBeUndefined();
    expect(cache.keyFor(...visit('/login?utm_source=mail'))).toBeUndefined();
    expect(cache.keyFor(...visit('/login', { cookie: `i18next=${'x'.repeat(3000)}` }))).toBeUndefined();
    expect(
      createPageCache({ paths: ['/login'], params: [], ttlMs: 0, maxEntries: 1 }).keyFor(...visit('/login')),
    ).toBeUndefined();
  });

  it('stores only plain 200 pages that set no cookie', async () => {
    const cache = cacheAt({ now: 0 });
    const key = cache.keyFor(...visit('/login')) ?? '';
    const refused = [
      page(NONCE, {}, 500),
      page(NONCE, { 'set-cookie': 'i18next=fr; Path=/' }),
      new Response('{}', { headers: { 'content-type': 'application/json' } }),
      new Response(null, { status: 307, headers: { location: '/app' } }),
    ];
    for (const response of refused) {
      expect(await cache.keep(key, response, NONCE)).toBe(response);
      expect(cache.serve(key, NONCE)).toBeUndefined();
    }
  });

  it('renders again once a page is older than its time to live', async () => {
    const clock = { now: 1_000 };
    const cache = cacheAt(clock);
    const key = await render(cache, '/login');
    clock.now += 59_999;
    expect(cache.serve(key, NONCE)).toBeDefined();
    clock.now += 1;
    expect(cache.serve(key, NONCE)).toBeUndefined();
  });

  it('holds at most maxEntries pages, dropping the least recently served', async () => {
    const cache = cacheAt({ now: 0 });
    const first = await render(cache, '/login?lng=en');
    const second = await render(cache, '/login?lng=fr');
    expect(cache.serve(first, NONCE)).toBeDefined();
    const third = await render(cache, '/login?lng=ar');
    expect(cache.serve(second, NONCE)).toBeUndefined();
    expect(cache.serve(first, NONCE)).toBeDefined();
    expect(cache.serve(third, NONCE)).toBeDefined();
  });

  it('tells how many pages it holds, also to a preload through its global symbol', async () => {
    const cache = cacheAt({ now: 0 });
    const read = (globalThis as { [PAGE_CACHE_SIZE]?: () => number })[PAGE_CACHE_SIZE];
    expect(cache.size()).toBe(0);
    await render(cache, '/login?lng=en');
    await render(cache, '/login?lng=fr');
    await render(cache, '/login?lng=ar');
    expect(cache.size()).toBe(2);
    expect(read?.()).toBe(2);
  });
});

describe('the sign-in pages cache and its switch (PAGE_CACHE)', () => {
  it('answers every sign-in page from the cache by default', async () => {
    const cache = signInPageCache(parseServerEnv({ NODE_ENV: 'test' }), () => 0);
    for (const path of SIGN_IN_PAGES.paths) {
      const key = cache.keyFor(...visit(`${path}?lng=fr`));
      expect(key, path).toBeDefined();
      await cache.keep(key ?? '', page(), NONCE);
      expect(await cache.serve(key ?? '', 'Fresh/Nonce+111111111==')?.text()).toBe(
        await page('Fresh/Nonce+111111111==').text(),
      );
    }
  });

  it('with PAGE_CACHE=false, keeps nothing and serves nothing: every visit renders', async () => {
    const cache = signInPageCache(parseServerEnv({ NODE_ENV: 'test', PAGE_CACHE: 'false' }), () => 0);
    for (const path of SIGN_IN_PAGES.paths) {
      expect(cache.keyFor(...visit(`${path}?lng=fr`)), path).toBeUndefined();
      // Even a render offered under a key made elsewhere is handed back as it is and not kept.
      const rendered = page();
      expect(await cache.keep(`${path}?lng=fr`, rendered, NONCE)).toBe(rendered);
      expect(cache.serve(`${path}?lng=fr`, NONCE)).toBeUndefined();
    }
  });
});

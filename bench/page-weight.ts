// Section 1 of `pnpm bench`: what a first visit downloads. Each page is loaded in a fresh Chromium context
// (empty cache) against the production build on a seeded throwaway Postgres database, next to the bare
// baseline app (bench/baseline) loaded the same way. Every JS and CSS response body is compressed here
// (gzip level 9, brotli quality 11), so the figures do not depend on what the server compresses.
// Also: the largest JS chunk of the build, and whether translations stay out of the bundles and are
// fetched per language and namespace.
//
// Alone: `node bench/page-weight.ts` prints the section as JSON.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { baselineOutput, startBaseline } from './baseline/app.ts';
import { startSeededProduct } from './seeded-product.ts';
import { boundedSection, type BenchRow, type Cleanups, type SectionResult } from './types.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BOUND_MS = 240_000;
const root = fileURLToPath(new URL('..', import.meta.url));
const KB = 1000;
const CHUNK_TARGET_KB = 60;

type Who = 'anonymous' | 'user' | 'admin';
/** Ids the pages of one row need: a seeded user's and a seeded repository's. */
type SeededIds = { userId: string; repositoryId: string };
/**
 * The pages weighed, each with its target: first-load JS (gzip) at most `target` × the bare page's (issue
 * 32: every page ≤ 2.0×, the lists and /app ≤ 1.8×, /login ≤ 1.7×). `page` is the row's name, `path` the URL.
 */
const PAGES: { page: string; path: (ids: SeededIds) => string; who: Who; target: number }[] = [
  { page: '/login', path: () => '/login', who: 'anonymous', target: 1.7 },
  { page: '/app', path: () => '/app', who: 'user', target: 1.8 },
  { page: '/app/repositories', path: () => '/app/repositories', who: 'user', target: 1.8 },
  { page: '/manager/users', path: () => '/manager/users', who: 'admin', target: 1.8 },
  { page: '/app/account', path: () => '/app/account', who: 'user', target: 2.0 },
  { page: '/manager/account', path: () => '/manager/account', who: 'admin', target: 2.0 },
  // The seeded user is a member of their organization, who may not create; the manager's form is the same.
  { page: '/manager/repositories/new', path: () => '/manager/repositories/new', who: 'admin', target: 2.0 },
  {
    page: '/manager/repositories/$id/update',
    path: ({ repositoryId }) => `/manager/repositories/${repositoryId}/update`,
    who: 'admin',
    target: 2.0,
  },
  {
    page: '/manager/users/$id/update',
    path: ({ userId }) => `/manager/users/${userId}/update`,
    who: 'admin',
    target: 2.0,
  },
  { page: '/manager/users/$id', path: ({ userId }) => `/manager/users/${userId}`, who: 'admin', target: 2.0 },
];

type Sizes = { raw: number; gzip: number; brotli: number };
type FileWeight = Sizes & { url: string };
type Visit = {
  url: string;
  js: Sizes;
  css: Sizes;
  files: FileWeight[];
  /** The HTML document: the server-rendered page with its inline state (translations included). */
  document: Sizes;
  /** Inline `<script>` elements of the document (not counted in `js`). */
  inlineJs: Sizes;
  localeFiles: string[];
};

export const measure = boundedSection('page-weight', BOUND_MS, run);

async function run(cleanups: Cleanups): Promise<SectionResult> {
  if (!existsSync(join(root, '.output/server/index.mjs'))) {
    throw new Error('No production build in .output: run `pnpm build` first');
  }
  const [product, baseline] = await Promise.all([
    startSeededProduct(cleanups),
    startBaseline().then((started) => {
      cleanups.push(started.stop);
      return started;
    }),
  ]);
  const cookies: Record<Who, string> = {
    anonymous: '',
    user: await product.signIn(appConfig.seed.userEmail),
    admin: await product.signIn(appConfig.seed.adminEmail),
  };

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  cleanups.push(() => browser.close());

  const sql = product.database.sql;
  const [seededUser] = await sql<
    { id: string }[]
  >`select id from "user" where email = ${appConfig.seed.userEmail}`;
  const [seededRepository] = await sql<{ id: string }[]>`select id from repository order by name limit 1`;
  if (!seededUser || !seededRepository) throw new Error('the seed has no user or no repository to open');
  const ids: SeededIds = { userId: seededUser.id, repositoryId: seededRepository.id };

  const baselineVisit = await visit(browser, baseline.origin, '/', '', false);
  const visits: Record<string, Visit> = {};
  for (const page of PAGES) {
    visits[page.page] = await visit(browser, product.instance.origin, page.path(ids), cookies[page.who]);
  }
  const switched = await switchLanguage(browser, product.instance.origin, 'fr');

  const chunks = chunkSizes(join(root, '.output'));
  const baselineChunks = chunkSizes(baselineOutput);
  const bundled = localeStringsInBundles();
  const firstLoadLocales = visits['/login']?.localeFiles ?? [];
  const localesLazy =
    bundled.inClientAssets.length === 0 &&
    bundled.foundInServer &&
    firstLoadLocales.every((file) => file.startsWith(`/locales/${appConfig.defaultLanguage}/`)) &&
    switched.fetched.length > 0 &&
    switched.fetched.every((file) => /^\/locales\/fr\/[a-zA-Z]+\.json$/.test(file)) &&
    new Set(switched.fetched).size === switched.fetched.length;

  const rows: BenchRow[] = [];
  for (const page of PAGES) {
    const weight = visits[page.page];
    if (!weight) continue;
    const ratio = round(weight.js.gzip / baselineVisit.js.gzip, 2);
    rows.push({
      metric: `${page.page} first-load JS (gzip)`,
      value: kb(weight.js.gzip),
      unit: 'kB',
      baseline: kb(baselineVisit.js.gzip),
      ratio,
      target: `≤ ${page.target} × baseline`,
      pass: ratio <= page.target,
    });
    rows.push({
      metric: `${page.page} first-load JS (brotli)`,
      value: kb(weight.js.brotli),
      unit: 'kB',
      baseline: kb(baselineVisit.js.brotli),
      ratio: round(weight.js.brotli / baselineVisit.js.brotli, 2),
    });
    rows.push({ metric: `${page.page} first-load CSS (gzip)`, value: kb(weight.css.gzip), unit: 'kB' });
    rows.push({ metric: `${page.page} first-load CSS (brotli)`, value: kb(weight.css.brotli), unit: 'kB' });
  }
  const largest = chunks.routeChunks[0];
  rows.push({
    metric: `largest route chunk (gzip)${largest ? `: ${largest.file}` : ''}`,
    value: kb(largest?.gzip ?? 0),
    unit: 'kB',
    target: `≤ ${CHUNK_TARGET_KB} kB`,
    pass: (largest?.gzip ?? 0) <= CHUNK_TARGET_KB * KB,
  });
  rows.push({
    metric: 'locales lazy (1 = yes)',
    value: localesLazy ? 1 : 0,
    unit: '',
    target: '= 1',
    pass: localesLazy,
  });

  return {
    section: 'page-weight',
    rows,
    details: {
      method:
        'fresh Chromium context per page, every JS/CSS response body compressed here: gzip level 9, brotli quality 11; kB = 1000 bytes',
      baseline: summarise(baselineVisit),
      pages: Object.fromEntries(Object.entries(visits).map(([path, v]) => [path, summarise(v)])),
      chunks: {
        entry: chunks.entry,
        largestRouteChunks: chunks.routeChunks.slice(0, 8),
        baselineEntry: baselineChunks.entry,
      },
      locales: {
        firstVisitLoginFetched: firstLoadLocales,
        afterSwitchingToFrench: switched.fetched,
        checkedStrings: bundled.checked,
        foundInClientAssets: bundled.inClientAssets,
        foundInServerBuild: bundled.foundInServer,
      },
    },
  };
}

// --- First visits in Chromium ----------------------------------------------------------------------------

async function freshContext(browser: Browser, origin: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const cookies = cookie
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      // `__Secure-` cookies must be marked secure; Chromium treats loopback as a secure origin.
      const name = pair.slice(0, at);
      return {
        name,
        value: pair.slice(at + 1),
        domain: new URL(origin).hostname,
        path: '/',
        secure: name.startsWith('__Secure-'),
      };
    });
  if (cookies.length) await context.addCookies(cookies);
  return context;
}

/** Loads `path` in an empty-cache context and weighs every JS and CSS response it received. */
async function visit(
  browser: Browser,
  origin: string,
  path: string,
  cookie: string,
  hydrationMarker = true,
): Promise<Visit> {
  const context = await freshContext(browser, origin, cookie);
  try {
    const page = await context.newPage();
    const bodies: Promise<
      { url: string; kind: 'js' | 'css' | 'html' | 'other'; body: Buffer } | undefined
    >[] = [];
    const localeFiles: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/locales/')) localeFiles.push(url.pathname);
      if (response.status() !== 200) return;
      const type = response.headers()['content-type'] ?? '';
      const kind = /javascript/.test(type)
        ? 'js'
        : /text\/css/.test(type)
          ? 'css'
          : response.request().resourceType() === 'document'
            ? 'html'
            : 'other';
      if (kind === 'other') return;
      bodies.push(
        response.body().then(
          (body) => ({ url: url.pathname, kind, body }),
          () => undefined,
        ),
      );
    });
    const response = await page.goto(`${origin}${path}`, { waitUntil: 'load' });
    if (response?.status() !== 200) throw new Error(`${path}: HTTP ${response?.status()}`);
    if (new URL(page.url()).pathname !== path)
      throw new Error(`${path} ended on ${page.url()}: not the page meant`);
    // The product marks <html> once hydrated (the baseline has no such marker).
    if (hydrationMarker) {
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 });
    }
    await page.waitForLoadState('networkidle');

    const seen = new Set<string>();
    const files: (FileWeight & { kind: string })[] = [];
    for (const item of await Promise.all(bodies)) {
      if (!item || seen.has(`${item.kind}:${item.url}`)) continue;
      seen.add(`${item.kind}:${item.url}`);
      files.push({ url: item.url, kind: item.kind, ...compress(item.body) });
      if (item.kind !== 'html') continue;
      // A stylesheet inlined into the document is CSS the visit downloads all the same: counted as CSS
      // (compressed on its own). Inline scripts (the router's state, bootstrap) are only reported.
      const html = item.body.toString('utf8');
      const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]).join('\n');
      if (inlineCss)
        files.push({ url: `${item.url} <style>`, kind: 'css', ...compress(Buffer.from(inlineCss)) });
      const inlineJs = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
        .map((m) => m[1])
        .join('\n');
      if (inlineJs)
        files.push({ url: `${item.url} <script>`, kind: 'inline-js', ...compress(Buffer.from(inlineJs)) });
    }
    const total = (kind: string) => sum(files.filter((file) => file.kind === kind));
    return {
      url: path,
      js: total('js'),
      css: total('css'),
      document: total('html'),
      inlineJs: total('inline-js'),
      files: files
        .filter((file) => file.kind === 'js' || file.kind === 'css')
        .sort((a, b) => b.gzip - a.gzip),
      localeFiles,
    };
  } finally {
    await context.close();
  }
}

/** Opens /login, picks `language` in the header's language menu and lists the locale files fetched. */
async function switchLanguage(
  browser: Browser,
  origin: string,
  language: string,
): Promise<{ fetched: string[] }> {
  const context = await freshContext(browser, origin, '');
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const fetched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/locales/')) fetched.push(url.pathname);
    });
    await page.locator('header select').first().selectOption(language);
    await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached', timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    return { fetched };
  } finally {
    await context.close();
  }
}

// --- The build's own files -------------------------------------------------------------------------------

type Chunk = Sizes & { file: string };

/** Every client JS chunk of a build, compressed, the entry apart from the route chunks (largest first). */
function chunkSizes(output: string): { entry: Chunk; routeChunks: Chunk[] } {
  const assets = join(output, 'public/assets');
  const entryFile = clientEntry(output);
  const all = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, ...compress(readFileSync(join(assets, file))) }))
    .sort((a, b) => b.gzip - a.gzip);
  const entry = all.find((chunk) => chunk.file === entryFile);
  if (!entry) throw new Error(`client entry ${entryFile} not found in ${assets}`);
  return { entry, routeChunks: all.filter((chunk) => chunk !== entry) };
}

/** The client entry named by the Start manifest the server renders pages with (`__root__`'s script). */
function clientEntry(output: string): string {
  const server = join(output, 'server');
  const manifest = readdirSync(server).find((file) => file.startsWith('_tanstack-start-manifest'));
  if (!manifest) throw new Error(`no Start manifest in ${server}`);
  const text = readFileSync(join(server, manifest), 'utf8');
  const src = /scripts:\s*\[\s*\{\s*attrs:\s*\{[^}]*src:\s*"\/assets\/([^"]+)"/.exec(text)?.[1];
  if (!src) throw new Error(`no client entry script in ${manifest}`);
  return src;
}

/**
 * Looks for translations in the client bundles: the longest string of every namespace of every language.
 * The same strings must be found in the server build (which bundles them on purpose), so a search that
 * could never match does not pass for "not bundled".
 */
function localeStringsInBundles(): { checked: number; inClientAssets: string[]; foundInServer: boolean } {
  const needles: string[] = [];
  const localesDir = join(root, 'public/locales');
  for (const lng of readdirSync(localesDir)) {
    for (const file of readdirSync(join(localesDir, lng))) {
      const strings = leaves(JSON.parse(readFileSync(join(localesDir, lng, file), 'utf8')) as unknown)
        .filter((s) => !s.includes('{{'))
        .sort((a, b) => b.length - a.length);
      if (strings[0]) needles.push(strings[0]);
    }
  }
  const forms = (s: string) => [s, JSON.stringify(s).slice(1, -1), asciiEscaped(s)];
  const clientJs = readAll(join(root, '.output/public'), /\.(m?js|css)$/);
  const serverJs = readAll(join(root, '.output/server'), /\.m?js$/);
  return {
    checked: needles.length,
    inClientAssets: needles.filter((s) => forms(s).some((form) => clientJs.includes(form))),
    foundInServer: needles.every((s) => forms(s).some((form) => serverJs.includes(form))),
  };
}

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}

function asciiEscaped(s: string): string {
  return JSON.stringify(s)
    .slice(1, -1)
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function readAll(dir: string, pattern: RegExp): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && pattern.test(entry.name) && !entry.parentPath.includes('node_modules'),
    )
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

// --- Arithmetic ------------------------------------------------------------------------------------------

function compress(body: Buffer): Sizes {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }).length,
  };
}

function sum(files: Sizes[]): Sizes {
  return files.reduce(
    (a, f) => ({ raw: a.raw + f.raw, gzip: a.gzip + f.gzip, brotli: a.brotli + f.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );
}

function summarise(visit: Visit) {
  return {
    js: visit.js,
    css: visit.css,
    document: visit.document,
    inlineJs: visit.inlineJs,
    localeFiles: visit.localeFiles,
    files: visit.files.map((f) => `${f.url} ${f.gzip} B gzip`),
  };
}

function kb(bytes: number): number {
  return round(bytes / KB, 1);
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measure();
  console.log(JSON.stringify(result, null, 2));
}

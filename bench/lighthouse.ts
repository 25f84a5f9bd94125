// Section 5 of `pnpm bench`: Lighthouse's mobile preset (Moto G Power screen, simulated slow 4G and a 4×
// CPU slowdown) against the production build, for the sign-in page (anonymous) and the repositories list
// (signed in as the seeded user), next to the bare baseline page as the floor of this machine. Each page
// runs RUNS times, a fresh headless Chromium each, the pages taking turns so that a slow spell of the
// machine falls on all of them; the rows are the medians (Lighthouse's own advice on variability: five runs,
// the median). Everything it starts (database, SMTP catcher, servers, browsers) it stops, also on failure,
// and a watchdog bounds the whole section.
//
// Alone: `node bench/lighthouse.ts` prints the section as JSON; LIGHTHOUSE_REPORTS=<dir> also writes
// every run's full report (LHR JSON) there, to read the audits behind a score.
//
// LIGHTHOUSE_AREAS=1 measures the two ways of rendering the signed-in areas instead (AREA_SSR, ADR 037):
// two product servers on one seeded database, one with AREA_SSR=full and one with AREA_SSR=data-only, and
// for each `/app/repositories` (user) and `/manager/users` (admin) with a cold cache (Lighthouse's storage
// reset) and right after in the same browser with a warm one (no reset: the page's scripts come from the
// HTTP cache); LIGHTHOUSE_RUNS rounds (default RUNS), the configurations taking turns, medians.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { appConfig } from '../app.config.ts';
import { startBaseline } from './baseline/app.ts';
import { freePort, startInstance, waitForReady } from '../e2e/support/instances.ts';
import { startSeededProduct } from './seeded-product.ts';
import { boundedSection, type BenchRow, type Cleanups, type SectionResult } from './types.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 5;
const BOUND_MS = 420_000;

const targets = {
  performance: { text: '≥ 95', pass: (v: number) => v >= 95 },
  accessibility: { text: '= 100', pass: (v: number) => v === 100 },
  bestPractices: { text: '= 100', pass: (v: number) => v === 100 },
  cls: { text: '< 0.05', pass: (v: number) => v < 0.05 },
};

type PageRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Audits of the three categories scoring below 1 (informative ones excluded), with their score. */
  failing: Record<string, number>;
  benchmarkIndex: number | undefined;
};

export const measure = boundedSection('lighthouse', BOUND_MS, run);

const AREA_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? RUNS);

/** The signed-in areas server-rendered in full and as data only, cold and warm cache (LIGHTHOUSE_AREAS=1). */
export const measureAreas = boundedSection('lighthouse-areas', 1_800_000, runAreas);

async function runAreas(cleanups: Cleanups): Promise<SectionResult> {
  const full = await startSeededProduct(cleanups, { AREA_SSR: 'full' });
  const dataOnly = await startInstance({
    DATABASE_URL: full.database.url,
    SERVER_FN_LIMIT_PER_USER: '100000000',
    SERVER_FN_LIMIT_PER_ADDRESS: '100000000',
    AREA_SSR: 'data-only',
  });
  cleanups.push(() => dataOnly.stop(5_000));
  await waitForReady(dataOnly);
  const user = await full.signIn(appConfig.seed.userEmail);
  const admin = await full.signIn(appConfig.seed.adminEmail);
  const configs = [
    { name: 'full', origin: full.instance.origin },
    { name: 'data-only', origin: dataOnly.origin },
  ];
  const pages = [
    { path: '/app/repositories', cookie: user },
    { path: '/manager/users', cookie: admin },
  ];
  const runs = new Map<string, PageRun[]>();
  const keep = (key: string, lhr: Result) => {
    if (!runs.has(key)) runs.set(key, []);
    runs.get(key)?.push(summarise(lhr));
  };
  for (let i = 0; i < AREA_RUNS; i++) {
    for (const page of pages) {
      for (const config of configs) {
        const url = `${config.origin}${page.path}`;
        const [cold, warm] = await withRetries(() => auditColdThenWarm(url, page.cookie, cleanups));
        for (const lhr of [cold, warm]) {
          if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
        }
        keep(`${config.name} ${page.path} cold`, cold);
        keep(`${config.name} ${page.path} warm`, warm);
      }
    }
  }
  const rows: BenchRow[] = [];
  for (const [key, pageRuns] of runs) {
    const at = (pick: (r: PageRun) => number) => Math.round(median(pageRuns.map(pick)));
    rows.push(
      { metric: `${key} FCP`, value: at((r) => r.fcpMs), unit: 'ms' },
      { metric: `${key} LCP`, value: at((r) => r.lcpMs), unit: 'ms' },
      { metric: `${key} TBT`, value: at((r) => r.tbtMs), unit: 'ms' },
      { metric: `${key} CLS`, value: round(median(pageRuns.map((r) => r.cls)), 3), unit: '' },
      { metric: `${key} performance`, value: at((r) => r.performance), unit: 'score' },
    );
  }
  return {
    section: 'lighthouse-areas',
    rows,
    details: {
      preset: 'mobile, simulated throttling (Lighthouse defaults)',
      lighthouse: lighthouseVersion,
      runsPerPage: AREA_RUNS,
      warm: 'the same browser right after the cold run, without storage reset',
      runs: Object.fromEntries(runs),
    },
  };
}

async function run(cleanups: Cleanups): Promise<SectionResult> {
  const [{ instance, signIn }, baseline] = await Promise.all([
    startSeededProduct(cleanups),
    startBaseline().then((started) => {
      cleanups.push(started.stop);
      return started;
    }),
  ]);
  const cookie = await signIn(appConfig.seed.userEmail);

  const pages: { name: string; url: string; headers: Record<string, string>; gated: boolean }[] = [
    { name: 'bare baseline page', url: `${baseline.origin}/`, headers: {}, gated: false },
    { name: '/login', url: `${instance.origin}/login`, headers: {}, gated: true },
    {
      name: '/app/repositories',
      url: `${instance.origin}/app/repositories`,
      headers: { Cookie: cookie },
      gated: true,
    },
  ];
  const reportDir = process.env.LIGHTHOUSE_REPORTS;
  if (reportDir) mkdirSync(reportDir, { recursive: true });

  const runs = new Map<string, PageRun[]>(pages.map((page) => [page.name, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const page of pages) {
      const lhr = await audit(page.url, page.headers, cleanups);
      if (lhr.finalDisplayedUrl !== page.url) {
        throw new Error(`${page.name} ended on ${lhr.finalDisplayedUrl}: not the page meant`);
      }
      if (reportDir) {
        const file = `${page.name.replace(/\W+/g, '-').replace(/^-/, '')}-${i + 1}.json`;
        writeFileSync(join(reportDir, file), JSON.stringify(lhr, null, 1));
      }
      runs.get(page.name)?.push(summarise(lhr));
    }
  }

  const rows: BenchRow[] = [];
  const details: Record<string, { runs: PageRun[] }> = {};
  for (const page of pages) {
    const pageRuns = runs.get(page.name) ?? [];
    details[page.name] = { runs: pageRuns };
    const at = (pick: (r: PageRun) => number) => median(pageRuns.map(pick));
    const row = (
      metric: string,
      value: number,
      unit: string,
      target: (typeof targets)[keyof typeof targets],
    ) => (page.gated ? scored(metric, value, unit, target) : { metric, value, unit });
    rows.push(
      row(
        `${page.name} performance`,
        at((r) => r.performance),
        'score',
        targets.performance,
      ),
      row(
        `${page.name} accessibility`,
        at((r) => r.accessibility),
        'score',
        targets.accessibility,
      ),
      row(
        `${page.name} best practices`,
        at((r) => r.bestPractices),
        'score',
        targets.bestPractices,
      ),
      { metric: `${page.name} LCP`, value: Math.round(at((r) => r.lcpMs)), unit: 'ms' },
      { metric: `${page.name} TBT`, value: Math.round(at((r) => r.tbtMs)), unit: 'ms' },
      row(
        `${page.name} CLS`,
        round(
          at((r) => r.cls),
          3,
        ),
        '',
        targets.cls,
      ),
    );
  }
  return {
    section: 'lighthouse',
    rows,
    details: {
      preset: 'mobile, simulated throttling (Lighthouse defaults)',
      lighthouse: lighthouseVersion,
      runsPerPage: RUNS,
      order: 'the pages take turns, one run each, RUNS rounds',
      pages: details,
    },
  };
}

let lighthouseVersion = '';

/** A pair of runs again when its trace came out broken (NO_NAVSTART and the like), at most three times. */
async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let left = 2; ; left--) {
    try {
      return await attempt();
    } catch (error) {
      if (left === 0) throw error;
    }
  }
}

/**
 * A cold run (Lighthouse's reset of the HTTP cache), then a warm one in the same browser (its cache kept).
 * The session is in the browser's cookie jar, which Lighthouse keeps: a `Cookie` header set by Lighthouse
 * gives way to the jar once the page has stored a cookie of its own (the language), and the warm run would
 * land on the sign-in page.
 */
async function auditColdThenWarm(url: string, cookie: string, cleanups: Cleanups): Promise<[Result, Result]> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu'],
  });
  const close = async () => {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  };
  cleanups.push(close);
  try {
    await browser.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        const name = pair.slice(0, at);
        // A __Secure- cookie must be Secure; Chromium takes it over http on a loopback address.
        return {
          name,
          value: pair.slice(at + 1),
          domain: new URL(url).hostname,
          path: '/',
          secure: name.startsWith('__Secure-'),
        };
      }),
    );
    const once = async (warm: boolean) => {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: warm,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.code}`);
      lighthouseVersion = result.lhr.lighthouseVersion;
      return result.lhr;
    };
    const cold = await once(false);
    return [cold, await once(true)];
  } finally {
    await close();
  }
}

/**
 * One Lighthouse run in a browser of its own (a cold cache and profile each time, as a first visit). A run
 * whose trace came out broken (NO_NAVSTART and the like, which Lighthouse itself says to retry) is run again.
 */
async function audit(url: string, headers: Record<string, string>, cleanups: Cleanups): Promise<Result> {
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    cleanups.push(async () => chrome.kill());
    try {
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        extraHeaders: headers,
      };
      const result = await lighthouse(url, flags);
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      lighthouseVersion = lhr.lighthouseVersion;
      if (!lhr.runtimeError) return lhr;
      lastError = `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    } finally {
      chrome.kill();
    }
  }
  throw new Error(`${url}: ${lastError}`);
}

function summarise(lhr: Result): PageRun {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing: Record<string, number> = {};
  for (const id of ['performance', 'accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing[ref.id] = audit.score;
    }
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    failing,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

function scored(
  metric: string,
  value: number,
  unit: string,
  target: { text: string; pass: (v: number) => boolean },
): BenchRow {
  return { metric, value, unit, target: target.text, pass: target.pass(value) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await (process.env.LIGHTHOUSE_AREAS === '1' ? measureAreas : measure)();
  console.log(JSON.stringify(result, null, 2));
}

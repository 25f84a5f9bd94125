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
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { appConfig } from '../app.config.ts';
import { startBaseline } from './baseline/app.ts';
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
  const result = await measure();
  console.log(JSON.stringify(result, null, 2));
}

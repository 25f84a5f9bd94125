// `pnpm bench`: the performance benchmarks, one section after another on this machine, each next to a
// floor measured in the same run (a bare TanStack Start app, raw SQL), so the ratios survive a noisy
// machine. Prints one table and writes bench/results/<date>.json. Loopback only; every section starts
// and stops what it needs and is bounded in time.
//
// BENCH_SECTIONS=page-weight,ssr,... runs some sections only; BENCH_BUILD=1 rebuilds .output first;
// BENCH_FULL_TEST=1 adds the full `pnpm test` to the developer loop (about 10 minutes).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow, Section, SectionResult } from './types.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** In the order; each module exports `measure`. */
const SECTIONS: Record<string, string> = {
  'page-weight': './page-weight.ts',
  ssr: './ssr.ts',
  'server-fn': './server-fn.ts',
  scale: './scale.ts',
  export: './export.ts',
  lighthouse: './lighthouse.ts',
  'dev-loop': './dev-loop.ts',
};

const chosen = (process.env.BENCH_SECTIONS ?? Object.keys(SECTIONS).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = chosen.filter((name) => !(name in SECTIONS));
if (unknown.length) {
  console.error(`Unknown section(s): ${unknown.join(', ')}. Known: ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}

if (process.env.BENCH_BUILD === '1' || !existsSync(join(root, '.output/server/index.mjs'))) {
  console.info('▶ Production build');
  const build = spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const startedAt = new Date();
const results: (SectionResult & { seconds: number; error?: string })[] = [];
for (const name of chosen) {
  console.info(`▶ ${name}`);
  const started = performance.now();
  try {
    const { measure } = (await import(SECTIONS[name] ?? '')) as { measure: Section };
    results.push({ ...(await measure()), seconds: Math.round((performance.now() - started) / 100) / 10 });
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`✖ ${name}: ${message}`);
    results.push({
      section: name,
      rows: [],
      error: message,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    });
  }
}

console.info(`\n${table(results)}`);
const missed = results.flatMap((r) =>
  r.rows.filter((row) => row.pass === false).map((row) => `${r.section}: ${row.metric}`),
);
const failed = results.filter((r) => r.error).map((r) => r.section);

const output = {
  startedAt: startedAt.toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  results,
  missedTargets: missed,
  failedSections: failed,
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(root, 'bench/results', `${startedAt.toISOString().slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
console.info(`\nWritten: ${file}`);
if (missed.length) console.info(`Targets missed: ${missed.join('; ')}`);
if (failed.length) console.info(`Sections that failed: ${failed.join(', ')}`);
process.exit(missed.length || failed.length ? 1 : 0);

function table(sections: (SectionResult & { seconds: number; error?: string })[]): string {
  const lines: string[][] = [['section', 'metric', 'value', 'baseline', 'ratio', 'target', '']];
  for (const section of sections) {
    if (section.error)
      lines.push([section.section, 'FAILED', section.error.split('\n')[0] ?? '', '', '', '', '✖']);
    for (const row of section.rows) lines.push([section.section, row.metric, ...cells(row)]);
  }
  const widths = lines[0]?.map((_, i) => Math.max(...lines.map((line) => (line[i] ?? '').length))) ?? [];
  return lines
    .map((line) =>
      line
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function cells(row: BenchRow): string[] {
  return [
    `${format(row.value)} ${row.unit}`,
    row.baseline === undefined ? '' : `${format(row.baseline)} ${row.unit}`,
    row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`,
    row.target ?? '',
    row.pass === undefined ? '' : row.pass ? '✔' : '✖',
  ];
}

function format(value: number): string {
  return Number.isInteger(value)
    ? value.toLocaleString('en-US')
    : value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

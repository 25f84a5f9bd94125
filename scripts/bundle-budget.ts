// `pnpm budget`: each page's first-load JavaScript against the committed budget (bundle-budget.json). A
// page's first load is every chunk its route and the routes above it preload, as the production build's
// TanStack Start manifest lists them (what the server puts in the page's <head>), compressed here with gzip
// level 9, the size that bench/page-weight.ts reports. It reads files only: no server, no browser, no timing.
//
// Fails when a page grew by more than BUDGET_SLACK_BYTES over its budget, and prints which chunks grew.
// `pnpm budget --update` writes the current sizes as the new budget (commit it with the change that
// explains the growth). Needs `pnpm build` first.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_SLACK_BYTES = 5_000;

type ManifestRoute = { children?: string[]; preloads?: string[] };
export type Manifest = { routes: Record<string, ManifestRoute> };
/** Per page: its total, and per chunk name (file name without its content hash) the bytes it adds. */
export type PageWeight = { total: number; chunks: Record<string, number> };
export type Budget = Record<string, PageWeight>;

/** `index-BWr1Hi0X.js` → `index.js`: the name survives a rebuild, the hash does not. */
export function chunkName(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  return base.replace(/-[\w-]{8}\.js$/, '.js');
}

/**
 * Every page route (a route without children, not under /api) with the JS files its first load
 * preloads: its own and its ancestors', root included, each file once.
 */
export function pageFiles(manifest: Manifest): Record<string, string[]> {
  const parent = new Map<string, string>();
  for (const [id, route] of Object.entries(manifest.routes)) {
    for (const child of route.children ?? []) parent.set(child, id);
  }
  const pages: Record<string, string[]> = {};
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (route.children?.length || id.startsWith('/api/') || id === '__root__') continue;
    const files = new Set<string>();
    for (let at: string | undefined = id; at !== undefined; at = parent.get(at)) {
      for (const file of manifest.routes[at]?.preloads ?? []) if (file.endsWith('.js')) files.add(file);
    }
    pages[id] = [...files];
  }
  return pages;
}

export function weigh(files: string[], sizeOf: (file: string) => number): PageWeight {
  const chunks: Record<string, number> = {};
  for (const file of files) {
    const name = chunkName(file);
    chunks[name] = (chunks[name] ?? 0) + sizeOf(file);
  }
  return { total: Object.values(chunks).reduce((sum, size) => sum + size, 0), chunks };
}

export type Overrun = { page: string; grew: number; chunks: { name: string; grew: number }[] };

/** Pages more than `slack` bytes over their budget, each with its chunks that grew (or are new), largest first. */
export function overruns(budget: Budget, current: Budget, slack = BUDGET_SLACK_BYTES): Overrun[] {
  const found: Overrun[] = [];
  for (const [page, weight] of Object.entries(current)) {
    const before = budget[page];
    if (!before) continue;
    const grew = weight.total - before.total;
    if (grew <= slack) continue;
    const chunks = Object.entries(weight.chunks)
      .map(([name, size]) => ({ name, grew: size - (before.chunks[name] ?? 0) }))
      .filter((chunk) => chunk.grew > 0)
      .sort((a, b) => b.grew - a.grew);
    found.push({ page, grew, chunks });
  }
  return found;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function main(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const serverDir = join(root, '.output/server');
  const manifestFile = existsSync(serverDir)
    ? readdirSync(serverDir).find((file) => file.startsWith('_tanstack-start-manifest'))
    : undefined;
  if (!manifestFile) {
    console.error('No production build in .output: run `pnpm build` first.');
    process.exit(2);
  }
  const { tsrStartManifest } = (await import(pathToFileURL(join(serverDir, manifestFile)).href)) as {
    tsrStartManifest: () => Manifest;
  };
  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(root, '.output/public', file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
  const current: Budget = Object.fromEntries(
    Object.entries(pageFiles(tsrStartManifest()))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([page, files]) => [page, weigh(files, sizeOf)]),
  );
  const budgetFile = join(root, 'bundle-budget.json');

  if (process.argv.includes('--update')) {
    writeFileSync(budgetFile, `${JSON.stringify(current, null, 2)}\n`);
    console.info(`Written: ${budgetFile}`);
    return;
  }
  const budget = JSON.parse(readFileSync(budgetFile, 'utf8')) as Budget;
  for (const [page, weight] of Object.entries(current)) {
    const before = budget[page];
    const change = before ? weight.total - before.total : undefined;
    const note =
      change === undefined
        ? 'new page (no budget)'
        : `${change >= 0 ? '+' : ''}${(change / 1000).toFixed(1)}`;
    console.info(`${page.padEnd(34)} ${kB(weight.total).padStart(9)}  ${note}`);
  }
  const missing = Object.keys(current).filter((page) => !budget[page]);
  const over = overruns(budget, current);
  for (const overrun of over) {
    console.error(`\n✖ ${overrun.page} grew by ${kB(overrun.grew)} (more than ${kB(BUDGET_SLACK_BYTES)}):`);
    for (const chunk of overrun.chunks) console.error(`    ${chunk.name.padEnd(40)} +${kB(chunk.grew)}`);
  }
  if (missing.length) console.error(`\n✖ No budget for ${missing.join(', ')}: run \`pnpm budget --update\`.`);
  if (over.length || missing.length) {
    console.error('\nIf the growth is meant, run `pnpm budget --update` and commit bundle-budget.json.');
    process.exit(1);
  }
  console.info(`\n✔ Every page's first-load JS is within ${kB(BUDGET_SLACK_BYTES)} of its budget.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

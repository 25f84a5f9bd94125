// knip counts a test's import as a use, so a server function or an API route's handler that only a test
// calls (a copied Export button's routes that were never created, say) passes `pnpm lint`. This fails for
// every server function and every CSV export handler that no product file uses.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const src = join(root, 'src');

const sources = (readdirSync(src, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((file) => /\.tsx?$/.test(file))
  .filter((file) => !/\.test\.tsx?$/.test(file) && !file.startsWith('test/') && file !== 'routeTree.gen.ts')
  .map((file) => ({ file: `src/${file}`, text: readFileSync(join(src, file), 'utf8') }));

/** The product files other than `defining` (and the policy table, which names every function) using `name`. */
function usesOf(name: string, defining: string): string[] {
  const pattern = new RegExp(`(?<![\\w$#])${name.replace('$', '\\$')}\\b`);
  return sources
    .filter(({ file }) => file !== defining && file !== 'src/server/policy/server-functions.ts')
    .filter(({ text }) => pattern.test(text))
    .map(({ file }) => file);
}

const exportsOf = (file: string, pattern: RegExp) =>
  [...(sources.find((source) => source.file === file)?.text ?? '').matchAll(pattern)].map((m) => m[1] ?? '');

describe('what only tests use', () => {
  const functions = sources.filter(({ file }) => /^src\/features\/[\w-]+\/functions\.ts$/.test(file));
  const exporters = sources.filter(({ file }) => /^src\/features\/[\w-]+\/export\.server\.ts$/.test(file));

  it.each(functions.map(({ file }) => relative(root, join(root, file))))(
    '%s: every server function is called by the product',
    (file) => {
      const names = exportsOf(file, /export const (\$\w+) = createServerFn/g);
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((name) => usesOf(name, file).length === 0)).toEqual([]);
    },
  );

  it.each(exporters.map(({ file }) => file))('%s: every export is served by the product', (file) => {
    const names = exportsOf(file, /export async function (\w+)/g);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => usesOf(name, file).length === 0)).toEqual([]);
  });
});

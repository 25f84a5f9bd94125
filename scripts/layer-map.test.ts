// The layer map in the linter (eslint.layers.js): each wrong arrow of DESIGN §4 fails `pnpm lint` where it
// is typed, and the arrows the map declares pass.
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

/** The rules `source` breaks when it is the file at `path` (repository-relative). */
async function brokenRules(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const RESTRICTED = 'import-x/no-restricted-paths';

// The first lint loads the configuration, its plugins and the project, and the first import of a feature
// walks its whole import graph (import-x/no-cycle): seconds on a busy machine, paid once here rather than by
// whichever case runs first.
beforeAll(
  () =>
    brokenRules(
      'src/features/user/probe.tsx',
      "import * as probe from '@/features/user/queries';\nexport const value = probe;\n",
    ),
  60_000,
);

describe('the layer map refuses a wrong arrow', () => {
  it.each([
    ['a shared component importing a feature', 'src/components/layout/probe.tsx', '@/features/user/queries'],
    ['lib importing a feature', 'src/lib/probe.ts', '@/features/auth/permissions'],
    ['lib importing a hook', 'src/lib/probe.ts', '@/hooks/use-media-query'],
    ['server infrastructure importing a component', 'src/server/probe.ts', '@/components/ui/button'],
    [
      "server infrastructure importing a feature's cache helpers",
      'src/server/probe.ts',
      '@/features/user/queries',
    ],
    [
      "a feature importing another feature's data module",
      'src/features/user/probe.server.ts',
      '@/features/repository/data.server',
    ],
    [
      "a feature importing another feature's component",
      'src/features/user/probe.tsx',
      '@/features/account/components/profile-card',
    ],
    ['a feature importing a route', 'src/features/user/probe.ts', '@/routes/__root'],
    ['a page importing server code', 'src/routes/app/probe.tsx', '@/server/env'],
    [
      "a page importing a feature's data module",
      'src/routes/app/probe.tsx',
      '@/features/repository/data.server',
    ],
    ['application code importing a test helper', 'src/features/user/probe.ts', '@/test/render'],
    ['lib importing the entity registry', 'src/lib/probe.ts', '@/entities'],
    ['a shared component importing the entity registry', 'src/components/ui/probe.tsx', '@/entities'],
    [
      "the entity registry importing a feature's component",
      'src/entities.ts',
      '@/features/repository/components/repository-list-page',
    ],
    ["the entity registry importing a feature's queries", 'src/entities.ts', '@/features/user/queries'],
    ['the entity registry importing server code', 'src/entities.ts', '@/server/env'],
  ])('%s', async (_name, path, target) => {
    expect(
      await brokenRules(path, `import * as probe from '${target}';\nexport const value = probe;\n`),
    ).toContain(RESTRICTED);
  });
});

describe('the layer map allows the declared arrows', () => {
  it.each([
    [
      "a feature's component using another feature's queries",
      'src/features/user/probe.tsx',
      '@/features/auth/queries',
    ],
    ['a feature using the auth client', 'src/features/account/probe.ts', '@/features/auth/client'],
    [
      'a feature writing the audit log',
      'src/features/repository/probe.server.ts',
      '@/features/audit/record.server',
    ],
    [
      "server infrastructure registering a feature's rules",
      'src/server/auth/probe.ts',
      '@/features/user/schema',
    ],
    ['an HTTP endpoint importing server code', 'src/routes/api/probe.ts', '@/server/env'],
    ['a shared component using lib', 'src/components/ui/probe.tsx', '@/lib/utils'],
    ["the entity registry holding a list's URL reader", 'src/entities.ts', '@/features/user/search'],
    ['a feature reading the entity registry', 'src/features/audit/probe.ts', '@/entities'],
    ['server infrastructure reading the entity registry', 'src/server/policy/probe.ts', '@/entities'],
    ['a layout reading the entity registry', 'src/routes/app/probe.tsx', '@/entities'],
  ])('%s', async (_name, path, target) => {
    expect(
      await brokenRules(path, `import * as probe from '${target}';\nexport const value = probe;\n`),
    ).not.toContain(RESTRICTED);
  });
});

it('the linter refuses an import cycle', async () => {
  // detect-browser.ts imports languages.ts: languages.ts importing it back closes a cycle.
  const source =
    "import { detectBrowserLanguage } from './detect-browser';\nexport const probe = detectBrowserLanguage;\n";
  expect(await brokenRules('src/lib/i18n/languages.ts', source)).toContain('import-x/no-cycle');
});

describe('docs/architecture.md', () => {
  it('lists exactly the declared shared entries', () => {
    const doc = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');
    const listed = [...doc.matchAll(/^- `([\w-]+\/[\w./-]+\.tsx?)`:/gm)].map((match) => match[1]);
    // SHARED_ENTRIES as eslint.layers.js declares it (a JavaScript module, read as text).
    const layers = readFileSync(new URL('../eslint.layers.js', import.meta.url), 'utf8');
    const declared = /SHARED_ENTRIES = \[([^\]]*)\]/.exec(layers)?.[1] ?? '';
    const entries = [...declared.matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(entries.length).toBeGreaterThan(3);
    expect(listed.sort()).toEqual(entries.sort());
  });
});

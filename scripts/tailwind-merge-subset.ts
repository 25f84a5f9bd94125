// tailwind-merge with only the class groups the product's sources use. Its default configuration describes
// every Tailwind utility (379 groups) and was 7 kB gzip of every page's first download; the engine alone is
// 1.7 kB. The production build replaces src/lib/tailwind-merge-config.ts (the full default) with the subset
// made here (vite.config.ts, `tailwindMergeSubset`); the dev server and the tests keep the full default, and
// scripts/tailwind-merge-subset.test.ts checks that both merge every pair of the sources' classes alike.
// Switch it off by removing the plugin from vite.config.ts: the build then ships the full default.
// docs/decisions/028-first-load-budget.md.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, createTailwindMerge, fromTheme, getDefaultConfig, validators } from 'tailwind-merge';
import type { Plugin } from 'vite';

type MergeConfig = Config<string, string>;

const SOURCE_FILE = /\.(ts|tsx)$/;
const TEST_FILE = /\.test\.tsx?$/;
/** What a Tailwind class can be made of; anything else in a source file is not one. */
const CANDIDATE = /^[!-]?[@a-z[][\w:/.\-[\]()%#,!*@&=>'+]*$/;

/** Every word of every non-test source file under `dirs` that could be a class (Tailwind scans the same way). */
export function scanCandidates(dirs: string[]): Set<string> {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name)) {
        for (const word of readFileSync(path, 'utf8').split(/[\s"'`{}]+/)) {
          if (CANDIDATE.test(word)) found.add(word);
        }
      }
    }
  };
  for (const dir of dirs) visit(dir);
  return found;
}

/** `md:hover:h-4` → `md:hover:`: the modifiers, which a class must share with another to conflict. */
function modifierPrefix(word: string): string {
  let depth = 0;
  let end = 0;
  for (let i = 0; i < word.length; i++) {
    const char = word[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) end = i + 1;
  }
  return word.slice(0, end);
}

/**
 * The groups, in the default configuration's order, that some candidate belongs to as the full default
 * decides it. Each group gets a marker class that the group overrides (a conflict), so a candidate following
 * the marker removes it exactly when the candidate is of that group.
 */
export function usedGroups(candidates: Iterable<string>, config: MergeConfig = getDefaultConfig()): string[] {
  const groups = Object.keys(config.classGroups);
  const marker = (index: number) => `zzmarker${index}`;
  const probe = createTailwindMerge(() => ({
    ...config,
    classGroups: {
      ...config.classGroups,
      ...Object.fromEntries(groups.map((_, index) => [`marker-${index}`, [marker(index)]])),
    },
    conflictingClassGroups: Object.fromEntries(groups.map((group, index) => [group, [`marker-${index}`]])),
    conflictingClassGroupModifiers: {},
  }));
  const full = createTailwindMerge(() => config);
  const used = new Set<number>();
  for (const word of candidates) {
    if (full(`${word} ${word}`) !== word) continue;
    const prefix = modifierPrefix(word);
    // An important class (`!h-4`, `h-4!`) conflicts only with important ones.
    const base = word.slice(prefix.length);
    const important = base.startsWith('!') || base.endsWith('!') ? '!' : '';
    const index = groups.findIndex(
      (_, at) => !used.has(at) && probe(`${prefix}${important}${marker(at)} ${word}`) === word,
    );
    if (index >= 0) used.add(index);
  }
  return groups.filter((_, index) => used.has(index));
}

/** The default configuration narrowed to `groups`, their conflicts included; order kept (it decides ties). */
export function subsetConfig(groups: string[], config: MergeConfig = getDefaultConfig()): MergeConfig {
  const keep = new Set(groups);
  const narrow = (table: Record<string, readonly string[] | undefined>) =>
    Object.fromEntries(
      Object.entries(table)
        .filter(([group]) => keep.has(group))
        .map(([group, others]) => [group, (others ?? []).filter((other) => keep.has(other))]),
    );
  return {
    ...config,
    classGroups: Object.fromEntries(Object.entries(config.classGroups).filter(([group]) => keep.has(group))),
    conflictingClassGroups: narrow(config.conflictingClassGroups),
    conflictingClassGroupModifiers: narrow(config.conflictingClassGroupModifiers),
    postfixLookupClassGroups: (config.postfixLookupClassGroups ?? []).filter((group) => keep.has(group)),
  };
}

type ThemeGetter = ((theme: Record<string, unknown>) => unknown) & { isThemeGetter?: boolean };

/** The theme key a `fromTheme(key)` getter reads (it keeps no other trace of it). */
function themeKey(getter: ThemeGetter): string {
  let key: string | undefined;
  getter(new Proxy({}, { get: (_, name) => ((key = String(name)), []) }));
  if (key === undefined) throw new Error('A theme getter read no key');
  return key;
}

/** `config` as the source of a module exporting it as `tailwindMergeConfig`; functions by their public names. */
export function configModule(config: MergeConfig): string {
  const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));
  const write = (value: unknown): string => {
    if (typeof value === 'function') {
      const getter = value as ThemeGetter;
      if (getter.isThemeGetter) return `fromTheme(${JSON.stringify(themeKey(getter))})`;
      const name = validatorNames.get(value);
      if (!name) throw new Error(`tailwind-merge: a function of its configuration is not a public validator`);
      return `validators.${name}`;
    }
    if (Array.isArray(value)) return `[${value.map(write).join(',')}]`;
    if (value && typeof value === 'object') {
      return `{${Object.entries(value)
        .map(([key, item]) => `${JSON.stringify(key)}:${write(item)}`)
        .join(',')}}`;
    }
    return JSON.stringify(value);
  };
  return `import { fromTheme, validators } from 'tailwind-merge';\nexport const tailwindMergeConfig = ${write(config)};\n`;
}

/** For the tests: the module's configuration, evaluated from its source with the library's real functions. */
export function evaluateConfigModule(source: string): MergeConfig {
  const body = source.replace(/^import .*\n/, '').replace('export const tailwindMergeConfig =', 'return');
  return new Function('fromTheme', 'validators', body)(fromTheme, validators) as MergeConfig;
}

/**
 * Production builds only: src/lib/tailwind-merge-config.ts becomes the subset for the classes of `srcDir`.
 * The dev server keeps the full default, so a class added while it runs merges at once.
 */
export function tailwindMergeSubset(srcDir: string): Plugin {
  const target = join(srcDir, 'lib/tailwind-merge-config.ts');
  let source: string | undefined;
  return {
    name: 'tailwind-merge-subset',
    apply: 'build',
    load(id) {
      if (id.split('?')[0] !== target) return null;
      source ??= configModule(subsetConfig(usedGroups(scanCandidates([srcDir]))));
      return source;
    },
  };
}

import { fileURLToPath } from 'node:url';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import {
  configModule,
  evaluateConfigModule,
  scanCandidates,
  subsetConfig,
  usedGroups,
} from './tailwind-merge-subset.ts';

const srcDir = fileURLToPath(new URL('../src', import.meta.url));

describe('tailwind-merge subset', () => {
  const full = createTailwindMerge(getDefaultConfig);

  it('finds the group of a class as the full configuration decides it, modifiers and important included', () => {
    expect(usedGroups(['h-4', 'md:hover:px-2', '!text-sm', 'text-muted-foreground', 'not-a-class'])).toEqual([
      'px',
      'h',
      'font-size',
      'text-color',
    ]);
  });

  it("merges every pair of the sources' classes exactly as the full configuration does", () => {
    const candidates = scanCandidates([srcDir]);
    const source = configModule(subsetConfig(usedGroups(candidates)));
    const subset = createTailwindMerge(() => evaluateConfigModule(source));
    const classes = [...candidates].filter((word) => full(`${word} ${word}`) === word);
    // The sources' classes, not a handful: a scan that found nothing would prove nothing.
    expect(classes.length).toBeGreaterThan(300);
    const differ: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const pair = `${first} ${second}`;
        if (subset(pair) !== full(pair)) differ.push(pair);
      }
    }
    expect(differ).toEqual([]);
  });

  it('keeps conflicts between groups the sources use (padding over its sides)', () => {
    const subset = createTailwindMerge(() =>
      evaluateConfigModule(configModule(subsetConfig(usedGroups(['p-4', 'px-2', 'mx-1'])))),
    );
    expect(subset('px-2 p-4')).toBe('p-4');
    expect(subset('p-4 px-2')).toBe('p-4 px-2');
    // A group left out is not known: its classes are kept as they are.
    expect(subset('m-2 m-3')).toBe('m-2 m-3');
  });
});

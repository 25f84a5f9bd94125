// Every server function in src, found by reading the sources: the permission matrix and the malformed-call
// test call each of them over HTTP, so a new function is covered the day it is written.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

const SERVER_FN = /export const (\$\w+) = createServerFn\(\{ method: '(GET|POST)' \}\)/g;

/** Server functions declared in src: `file#export` → method. Any `createServerFn` not so declared fails. */
export function declaredServerFunctions(): Map<string, 'GET' | 'POST'> {
  const found = new Map<string, 'GET' | 'POST'>();
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
  );
  for (const relative of files) {
    const file = join('src', relative).split('\\').join('/');
    const source = readFileSync(file, 'utf8');
    const calls = source.split('createServerFn(').length - 1;
    const matches = [...source.matchAll(SERVER_FN)];
    expect(matches.length, `${file}: every createServerFn is an exported const with a literal method`).toBe(
      calls,
    );
    for (const [, name, method] of matches) found.set(`${file}#${name}`, method as 'GET' | 'POST');
  }
  return found;
}

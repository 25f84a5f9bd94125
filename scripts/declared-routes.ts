// What the sources declare, read from the files themselves: every server function and every server route
// under src/routes/api. The policy table's test (src/server/policy/policy.test.ts) and the permission
// matrix (e2e) each walk these, so a function or route is covered the day it is written.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SERVER_FN = /export const (\$\w+) = createServerFn\(\{ method: '(GET|POST)' \}\)/g;

const sourceFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file).split('\\').join('/'));

/**
 * Server functions declared in src: `file#export` → method, and the files where a `createServerFn` is not
 * an exported const with a literal method (which the readers here could not see).
 */
export function declaredServerFunctions(): { functions: Map<string, 'GET' | 'POST'>; unreadable: string[] } {
  const functions = new Map<string, 'GET' | 'POST'>();
  const unreadable: string[] = [];
  for (const file of sourceFiles('src')) {
    const source = readFileSync(file, 'utf8');
    const matches = [...source.matchAll(SERVER_FN)];
    if (matches.length !== source.split('createServerFn(').length - 1) unreadable.push(file);
    for (const [, name, method] of matches) functions.set(`${file}#${name}`, method as 'GET' | 'POST');
  }
  return { functions, unreadable };
}

/**
 * The server routes in src/routes/api, read from their sources, better-auth's catch-all aside: `path method`
 * for each method its handlers answer (`GET: …`, `POST: …`).
 */
export function declaredApiRoutes(): string[] {
  return sourceFiles('src/routes/api').flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const path = /createFileRoute\('([^']+)'\)/.exec(source)?.[1];
    if (!path || path === '/api/auth/$') return [];
    return [...source.matchAll(/\b(GET|POST|PUT|PATCH|DELETE): /g)].map(([, method]) => `${path} ${method}`);
  });
}

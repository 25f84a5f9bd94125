// Every server function in src, found by reading the sources (scripts/declared-routes.ts): the permission
// matrix and the malformed-call test call each of them over HTTP.
import { expect } from '@playwright/test';
import { declaredServerFunctions as declared } from '../../scripts/declared-routes.ts';

/** Server functions declared in src: `file#export` → method. Any `createServerFn` not so declared fails. */
export function declaredServerFunctions(): Map<string, 'GET' | 'POST'> {
  const { functions, unreadable } = declared();
  expect(unreadable, 'every createServerFn is an exported const with a literal method').toEqual([]);
  return functions;
}

import { appConfig } from '~/app.config';

// Route definitions are not code-split (only their components are), so whatever a route's `validateSearch`
// imports is in every page's first download. These validators are a few lines of plain code instead of zod
// schemas for that reason: zod would weigh on the sign-in page's JavaScript
// (docs/performance.md#zod-free-validators).
//
// Every optional search param falls back to its default on bad input instead of failing the route: a value
// that is not a string (the router parses `?redirect=42` as a number), too long, or not one of the allowed
// values gives the default.

/** A string param of at most `max` characters (after trimming when `trim`), else ''. */
function stringParam(value: unknown, max: number, { trim = false } = {}): string {
  if (typeof value !== 'string') return '';
  const text = trim ? value.trim() : value;
  return text.length <= max ? text : '';
}

/** The two directions of a sortable list; what its URL's `order` param holds. */
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** One of `allowed`, else `fallback`. */
export function oneOf<const T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.find((item) => item === value) ?? fallback;
}

const REDIRECT_MAX = 2048;
const LOGIN_ERROR_MAX = 100;
const accountStates = ['', 'change-name'] as const;

type Search = Record<string, unknown>;

/**
 * A search validator in the router's adapter shape: `parse` takes what the URL holds, and `types` tells the
 * router that links may leave every param out (`input`) while the page always gets all of them (`output`).
 * The router reads `types` in its types only; the values given here just make the shape real.
 */
export function searchValidator<T>(read: (search: Search) => T) {
  const parse = (value: unknown): T => read(typeof value === 'object' && value !== null ? { ...value } : {});
  const input: Partial<T> = {};
  return { parse, types: { input, output: parse({}) } };
}

const redirectParam = (value: unknown) => stringParam(value, REDIRECT_MAX);
export const searchTermParam = (value: unknown) =>
  stringParam(value, appConfig.limits.searchTermMax, { trim: true });

/**
 * An error code a sign-in form posted without JavaScript came back with (`INVALID_OTP`…), else ''. The
 * screen shows its translation only, never the text itself.
 */
export const errorCodeParam = (value: unknown) =>
  typeof value === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(value) ? value : '';

/** `email` prefills the address (an invitation's page asks to sign in as the invited one). */
export const loginSearch = searchValidator((search) => ({
  redirect: redirectParam(search.redirect),
  email: stringParam(search.email, appConfig.limits.emailMax),
  error: errorCodeParam(search.error),
}));

export const verifySearch = searchValidator((search) => ({
  redirect: redirectParam(search.redirect),
  email: stringParam(search.email, appConfig.limits.emailMax),
  error: errorCodeParam(search.error),
}));

export const loginErrorSearch = searchValidator((search) => ({
  error: stringParam(search.error, LOGIN_ERROR_MAX),
}));

export const accountSearch = searchValidator((search) => ({
  state: oneOf(search.state, accountStates, ''),
  newEmail: stringParam(search.newEmail, appConfig.limits.emailMax),
}));

export const listSearch = searchValidator((search) => ({ searchTerm: searchTermParam(search.searchTerm) }));

/** Defaults left out of URLs, so `/login` stays `/login` rather than `/login?redirect=`. */
export const searchDefaults = {
  login: { redirect: '', email: '', error: '' },
  verify: { redirect: '', error: '' },
  loginError: { error: '' },
  account: { state: '' as const, newEmail: '' },
  list: { searchTerm: '' },
};

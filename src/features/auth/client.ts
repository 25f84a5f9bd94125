import { lazyImport } from '@/lib/lazy-import';
import type { AuthClient } from './client-instance';

/** What the interface needs from a failed auth call; never shown as is (see `translateError` in @/lib/errors). */
export type AuthError = {
  status: number;
  code?: string;
  message?: string;
  /** Seconds to wait, from the `X-Retry-After` header of a 429 answer. */
  retryAfter?: number;
  /** When a ban ends, if the server said. */
  banExpires?: string;
  /** The organizations whose only owner an account to delete is, by name. */
  organizations?: string[];
};

type ErrorHookContext = { response: Response };
type AuthCallResult<T> = { data: T; error: null } | { data: null; error: Record<string, unknown> };

function readRetryAfter(response: Response): number | undefined {
  const seconds = Number(response.headers.get('X-Retry-After') ?? response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

function toAuthError(raw: Record<string, unknown>, retryAfter: number | undefined): AuthError {
  const error: AuthError = { status: typeof raw.status === 'number' ? raw.status : 0 };
  if (typeof raw.code === 'string') error.code = raw.code;
  if (typeof raw.message === 'string') error.message = raw.message;
  // better-auth's client parses ISO 8601 strings in answers into Dates, so the field arrives as a Date.
  const banExpires = raw.banExpires;
  if (banExpires instanceof Date && !Number.isNaN(banExpires.getTime())) {
    error.banExpires = banExpires.toISOString();
  } else if (typeof banExpires === 'string') {
    error.banExpires = banExpires;
  }
  const { organizations } = raw;
  if (Array.isArray(organizations) && organizations.every((name) => typeof name === 'string')) {
    error.organizations = organizations;
  }
  if (retryAfter !== undefined) error.retryAfter = retryAfter;
  return error;
}

type AuthErrorObserver = (error: AuthError) => void;
const authErrorObservers = new Set<AuthErrorObserver>();

/**
 * Calls `observer` with every error `authRequest` returns, for reactions that do not depend on the
 * screen (the demo dialog opens on DEMO_MODE). Returns the function that stops observing.
 */
export function observeAuthErrors(observer: AuthErrorObserver): () => void {
  authErrorObservers.add(observer);
  return () => authErrorObservers.delete(observer);
}

function reported(error: AuthError): AuthError {
  for (const observer of authErrorObservers) observer(error);
  return error;
}

/** better-auth's client (./client-instance.ts), fetched on the first auth call of the page. */
const loadAuthClient = lazyImport(() => import('./client-instance').then((module) => module.authClient));

/**
 * Runs one call of better-auth's client, which it loads first (see ./client-instance.ts), and returns
 * its data or a normalised error: the `X-Retry-After` header of a refusal is kept, and a network failure
 * (which the client throws, or the client's own download failing) becomes an error like any other.
 *
 * @example authRequest((client, fetchOptions) => client.signOut({ fetchOptions }))
 */
export async function authRequest<T>(
  call: (
    client: AuthClient,
    fetchOptions: { onError: (context: ErrorHookContext) => void },
  ) => Promise<AuthCallResult<T>>,
): Promise<{ data: T; error: null } | { data: null; error: AuthError }> {
  let retryAfter: number | undefined;
  try {
    const result = await call(await loadAuthClient(), {
      onError: ({ response }) => {
        retryAfter = readRetryAfter(response);
      },
    });
    if (result.error) return { data: null, error: reported(toAuthError(result.error, retryAfter)) };
    return { data: result.data, error: null };
  } catch {
    return { data: null, error: reported({ status: 0, code: 'NETWORK_ERROR' }) };
  }
}

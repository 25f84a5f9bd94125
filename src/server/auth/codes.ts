import '@tanstack/react-start/server-only';
// Sign-in codes bound to the browser that asked for them, the per-address mail limit with an allowance
// of its own for browsers that have signed in to that address before, and answers that take the same
// time whoever the address belongs to. docs/decisions/016-auth-routes-and-codes.md explains the design.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createCookieGetter, parseCookies } from 'better-auth/cookies';
import { generateRandomString, symmetricEncrypt } from 'better-auth/crypto';

export const SEND_CODE_PATH = '/email-otp/send-verification-otp';
export const SIGN_IN_PATH = '/sign-in/email-otp';
export const SIGN_OUT_PATH = '/sign-out';
export const REQUEST_EMAIL_CHANGE_PATH = '/email-otp/request-email-change';
export const CHANGE_EMAIL_PATH = '/email-otp/change-email';
export const PASSKEY_SIGN_IN_PATH = '/passkey/verify-authentication';
/** better-auth's route pattern for a provider's return leg (`/callback/<provider id>`). */
export const CALLBACK_PATH = '/callback/:id';

/** Shortest answer, in ms, of the routes that mail a code and of those that check one. */
export type CodeFloors = { send: number; check: number };

/**
 * Sending covers the SMTP round trip a known address costs and an unknown one does not; checking covers
 * the lookups and the account a right code leads to. Both hold whatever the answer (see the ADR).
 */
export const defaultCodeFloors: CodeFloors = { send: 1_000, check: 250 };

const FLOOR_OF: Record<string, keyof CodeFloors> = {
  [SEND_CODE_PATH]: 'send',
  [REQUEST_EMAIL_CHANGE_PATH]: 'send',
  [SIGN_IN_PATH]: 'check',
  [CHANGE_EMAIL_PATH]: 'check',
};

/** What one request to a code route knows and learns; the hooks and the mailer read and fill it. */
export type CodeRequest = {
  /** The browser's binding (a random value in an HttpOnly cookie), if it has one. */
  binding: string | undefined;
  /** Proofs, signed by the server, that this browser signed in to an address with a code. */
  knownTags: readonly string[];
  /** Set when better-auth handed a code to the mailer during this request. */
  mailAttempted: boolean;
  /** Why that code did not go out (limit reached, SMTP down): the after hook answers with it. */
  failure: Error | undefined;
  /** An address this browser has just signed in to (with a code, a passkey or a provider). */
  signedInAs: string | undefined;
  /** Set when this request created the account it signs in to (a sign-up). */
  signedUp: boolean;
};

/** Cookies live a year: they mark a browser, not a session. */
const COOKIE_MAX_AGE = 365 * 86_400;
/** How many addresses one browser is remembered for. */
const KNOWN_MAX = 5;
const BINDING = /^[A-Za-z0-9_-]{43}$/;
const TAG = /^[A-Za-z0-9_-]{22}$/;

const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/** The sign-in routes other than the code's: they remember the browser too, with no answer floor. */
const remembersBrowser = (path: string) => path === PASSKEY_SIGN_IN_PATH || /^\/callback\/[^/]+$/.test(path);

/**
 * The code machinery of one auth instance. `wrap` runs each request to a code route, and each passkey or
 * provider sign-in, in its own `CodeRequest` (AsyncLocalStorage, so better-auth's callbacks that get no
 * request can read it), holds a code route's answer to its floor and sets the browser's cookies.
 */
export function createCodeRequests(options: {
  secret: string;
  secureCookies: boolean;
  floors: CodeFloors;
  basePath?: string;
}) {
  const basePath = options.basePath ?? '/api/auth';
  const storage = new AsyncLocalStorage<CodeRequest>();
  const cookie = createCookieGetter({ advanced: { useSecureCookies: options.secureCookies } });
  const bindingCookie = cookie('code_binding').name;
  const knownCookie = cookie('code_known').name;
  const knownTag = (binding: string, email: string) =>
    createHmac('sha256', options.secret)
      .update(`known-browser\0${binding}\0${email}`)
      .digest('base64url')
      .slice(0, 22);
  // Lax, not Strict: a provider's return leg (`/callback/:id`) is a navigation from the provider's site,
  // which carries no Strict cookie; the code routes are all POSTs, which carry no Lax cookie cross-site.
  const setCookie = (name: string, value: string) =>
    `${name}=${value}; Max-Age=${COOKIE_MAX_AGE}; Path=${basePath}; HttpOnly; SameSite=Lax${
      options.secureCookies ? '; Secure' : ''
    }`;

  const current = () => storage.getStore();

  /** Whether this request's browser signed in to `email` with a code before. */
  const isKnown = (email: string) => {
    const request = current();
    return Boolean(request?.binding && request.knownTags.includes(knownTag(request.binding, email)));
  };

  return {
    current,

    /**
     * Whether this request's browser had signed in to `email` before it (with a code, a passkey or a
     * provider): read from the cookies the request came with, so a sign-in that is under way does not
     * count. False outside a sign-in request.
     */
    wasKnown: (email: string) => isKnown(email.toLowerCase()),

    /**
     * better-auth's `verification.storeIdentifier`: a sign-in code is stored under the address and the
     * browser that asked for it, so only that browser can try it (or replace it); a request from another
     * browser finds no code and costs this one nothing. Only a digest of the cookie is stored.
     */
    identifierStorage: {
      default: 'plain' as const,
      overrides: {
        'sign-in-otp-': {
          hash: async (identifier: string) => {
            const binding = current()?.binding;
            return `${identifier}#${binding ? digest(`code-binding\0${binding}`) : 'unbound'}`;
          },
        },
      },
    },

    /**
     * The counter a code mailed to `email` from this request counts against: one per address for
     * everyone, and one per browser that has signed in to that address with a code before, so a stranger
     * who uses up the first cannot keep the owner out of their own browsers.
     */
    sendQuotaKey: (email: string) => {
      const binding = current()?.binding;
      return binding && isKnown(email)
        ? `otp-send:${email}:browser:${digest(`quota\0${binding}`)}`
        : `otp-send:${email}`;
    },

    wrap: (handler: (request: Request) => Promise<Response>) => async (request: Request) => {
      const path = new URL(request.url).pathname.slice(basePath.length).replace(/\/+$/, '');
      const floor = FLOOR_OF[path];
      if (!floor && !remembersBrowser(path)) return handler(request);
      const started = performance.now();
      const cookies = parseCookies(request.headers.get('cookie') ?? '');
      const sent = cookies.get(bindingCookie);
      const binding = sent && BINDING.test(sent) ? sent : undefined;
      // A browser gets its binding when it first asks for a code.
      const minted = !binding && floor === 'send' ? randomBytes(32).toString('base64url') : undefined;
      const state: CodeRequest = {
        binding: binding ?? minted,
        knownTags: (cookies.get(knownCookie) ?? '').split('.').filter((tag) => TAG.test(tag)),
        mailAttempted: false,
        failure: undefined,
        signedInAs: undefined,
        signedUp: false,
      };
      const answer = await storage.run(state, () => handler(request));
      const wait = floor ? options.floors[floor] - (performance.now() - started) : 0;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));

      // A provider that comes back with a cross-site POST (form_post) brings none of the cookies: the
      // browser's own binding must not be replaced by a new one.
      if (request.method === 'POST' && path.startsWith('/callback/')) return answer;
      const cookiesToSet: string[] = [];
      if (minted) cookiesToSet.push(setCookie(bindingCookie, minted));
      // A browser that signs in with a passkey or a provider before ever asking for a code gets its binding
      // now, so it is remembered like one that signed in with a code.
      if (state.signedInAs && !state.binding) {
        state.binding = randomBytes(32).toString('base64url');
        cookiesToSet.push(setCookie(bindingCookie, state.binding));
      }
      if (state.signedInAs && state.binding) {
        const tag = knownTag(state.binding, state.signedInAs);
        const tags = [tag, ...state.knownTags.filter((known) => known !== tag)].slice(0, KNOWN_MAX);
        cookiesToSet.push(setCookie(knownCookie, tags.join('.')));
      }
      if (cookiesToSet.length === 0) return answer;
      const headers = new Headers(answer.headers);
      for (const line of cookiesToSet) headers.append('set-cookie', line);
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
    },
  };
}

export type CodeRequests = ReturnType<typeof createCodeRequests>;

type CodeStorage = {
  secretConfig: Parameters<typeof symmetricEncrypt>[0]['key'];
  internalAdapter: {
    createVerificationValue: (data: {
      identifier: string;
      value: string;
      expiresAt: Date;
    }) => Promise<unknown>;
  };
};

/**
 * Stores a code under `identifier` exactly as better-auth's e-mail code plugin stores one (`storeOTP:
 * 'encrypted'`, `<encrypted code>:<tries>`), for a code that is never mailed: tries against it fail,
 * run out and expire like tries against a real one. codes.integration.test.ts holds both side by side.
 */
export async function storeDecoyCode(
  context: CodeStorage,
  code: { identifier: string; expiresIn: number; length: number },
): Promise<void> {
  const stored = await symmetricEncrypt({
    key: context.secretConfig,
    data: generateRandomString(code.length, '0-9'),
  });
  await context.internalAdapter.createVerificationValue({
    identifier: code.identifier,
    value: `${stored}:0`,
    expiresAt: new Date(Date.now() + code.expiresIn * 1000),
  });
}

import '@tanstack/react-start/server-only';
import { appConfig } from '~/app.config';
import { handleAuthRequest } from '@/server/auth/handler';
import { isEmail } from '@/lib/email';
import { errorCodeParam } from '@/lib/search-params';
import { checkLoginEmail } from './login-form';
import { afterSignIn } from './redirect';

// The sign-in and verify forms as plain HTML forms (issue 32 §6): a visitor who submits before the page
// has hydrated posts the form natively. These handlers make the same better-auth request the hydrated page
// makes (so the same rules, limits, cookies and error codes apply) and answer with a redirect: the next
// screen, or the same screen with the error's code and what was typed.

const OTP = new RegExp(`^\\d{${appConfig.auth.otpLength}}$`);
/** Form fields read, each at most this long (the body itself is capped by the request middleware). */
const FIELD_MAX = 2048;

type Fields = Record<string, string>;

/** The form's fields by name (strings only, first value, at most FIELD_MAX characters); {} if unreadable. */
async function readForm(request: Request): Promise<Fields> {
  const form = await request.formData().catch(() => null);
  const fields: Fields = {};
  for (const [name, value] of form ?? []) {
    if (typeof value === 'string' && !(name in fields)) fields[name] = value.slice(0, FIELD_MAX);
  }
  return fields;
}

/** A screen's URL with its search params, leaving out the empty ones (as the router's defaults do). */
function screen(path: '/login' | '/login/verify', search: Record<string, string>): string {
  const params = new URLSearchParams(Object.entries(search).filter(([, value]) => value !== ''));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** 303 to `location`, passing on the cookies better-auth set (the code's browser binding, the session). */
function seeOther(location: string, from?: Response): Response {
  const headers = new Headers({ location });
  for (const cookie of from?.headers.getSetCookie() ?? []) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** better-auth's answer to a code the screens translate (`auth:errors.<CODE>`, as the hydrated page does). */
async function failureCodeOf(response: Response): Promise<string> {
  if (response.status === 429) return 'TOO_MANY_REQUESTS';
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  // The code the screens will accept from the URL (errorCodeParam), else the unknown error.
  return errorCodeParam(body?.code) || 'UNKNOWN_ERROR';
}

/** The same request the browser's auth client sends, to `path` under the auth base path. */
function authRequest(request: Request, path: string, body: object): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  const url = new URL(`/api/auth${path}`, request.url);
  return handleAuthRequest(new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }));
}

/**
 * POST /api/auth/form/email, the login form without JavaScript: sends a code to the address and redirects
 * to the verify screen; an invalid address or a refusal goes back to /login with the typed address and the
 * error's code.
 */
export async function postSignInEmail(request: Request): Promise<Response> {
  const { email: typed = '', redirect = '' } = await readForm(request);
  const back = (error: string, from?: Response) =>
    seeOther(screen('/login', { redirect, email: typed, error }), from);
  const checked = checkLoginEmail(typed);
  if ('error' in checked) return back('INVALID_EMAIL');
  const answer = await authRequest(request, '/email-otp/send-verification-otp', {
    email: checked.email,
    type: 'sign-in',
  });
  if (!answer.ok) return back(await failureCodeOf(answer), answer);
  return seeOther(screen('/login/verify', { email: checked.email, redirect }), answer);
}

/**
 * POST /api/auth/form/code, the verify form without JavaScript: signs in with the code and redirects where
 * the hydrated screen would go (`afterSignIn`); a refusal goes back to the verify screen with its code.
 */
export async function postSignInCode(request: Request): Promise<Response> {
  const { email = '', otp = '', redirect = '' } = await readForm(request);
  if (!isEmail(email)) return seeOther(screen('/login', { redirect }));
  const back = (error: string, from?: Response) =>
    seeOther(screen('/login/verify', { email, redirect, error }), from);
  const code = otp.trim();
  if (!OTP.test(code)) return back('INVALID_OTP');
  const answer = await authRequest(request, '/sign-in/email-otp', { email, otp: code });
  if (!answer.ok) return back(await failureCodeOf(answer), answer);
  const body = (await answer.json().catch(() => null)) as { user?: { role?: unknown } } | null;
  const role = typeof body?.user?.role === 'string' ? body.user.role : null;
  return seeOther(afterSignIn(redirect, role), answer);
}

import { describe, expect, it } from 'vitest';
import { createCodeRequests } from './codes';

// The known-browser cookies on the sign-in routes that are not the code's (a passkey, a provider's return
// leg), with a stand-in for better-auth's handler: what the sign-in hooks can ask and what the browser keeps.
const BASE = 'http://localhost:3000/api/auth';
const floors = { send: 2_000, check: 2_000 };

function setup() {
  const codes = createCodeRequests({ secret: 'x'.repeat(32), secureCookies: false, floors });
  const seen: { path: string; known: boolean | undefined }[] = [];
  /** A sign-in as `email` when the request is one `codes` follows; records what the hooks would read. */
  const handler = codes.wrap(async (request) => {
    const state = codes.current();
    seen.push({
      path: new URL(request.url).pathname,
      known: state ? codes.wasKnown('Ada@Example.test') : undefined,
    });
    if (state) state.signedInAs = 'ada@example.test';
    return new Response(null, { status: 302, headers: { location: '/app' } });
  });
  return { handler, seen };
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

describe('passkey and provider sign-ins remember the browser', () => {
  it('mint a binding, mark the browser known, and say "known" only to a later sign-in', async () => {
    const { handler, seen } = setup();
    const first = await handler(new Request(`${BASE}/passkey/verify-authentication`, { method: 'POST' }));
    const setCookies = first.headers.getSetCookie();
    expect(setCookies.some((line) => /code_binding=[\w-]{43};.*HttpOnly; SameSite=Lax/.test(line))).toBe(
      true,
    );
    expect(setCookies.some((line) => /code_known=[\w-]{22};/.test(line))).toBe(true);
    expect(first.status).toBe(302);

    const again = await handler(
      new Request(`${BASE}/callback/github?code=x`, { headers: { cookie: cookiesOf(first) } }),
    );
    expect(again.status).toBe(302);
    expect(seen.map((entry) => entry.known)).toEqual([false, true]);

    // Another browser (no cookies) is not known for the address.
    await handler(new Request(`${BASE}/callback/github?code=x`));
    expect(seen.at(-1)?.known).toBe(false);

    // A provider's cross-site POST return carries no cookies: not known, and no cookie set over the binding.
    const posted = await handler(new Request(`${BASE}/callback/apple`, { method: 'POST' }));
    expect(seen.at(-1)?.known).toBe(false);
    expect(posted.headers.getSetCookie()).toEqual([]);
  });

  it('hold no answer floor there, and leave other routes alone', async () => {
    const { handler, seen } = setup();
    const started = performance.now();
    await handler(new Request(`${BASE}/callback/oidc?code=x`));
    expect(performance.now() - started).toBeLessThan(floors.check);

    const other = await handler(new Request(`${BASE}/get-session`));
    expect(seen.at(-1)).toEqual({ path: '/api/auth/get-session', known: undefined });
    expect(other.headers.getSetCookie()).toEqual([]);
  });
});

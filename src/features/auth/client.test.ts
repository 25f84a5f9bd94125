import { describe, expect, it } from 'vitest';
import { authRequest } from './client';

/** A fetch that answers every call with `status` and the JSON `body`, as the auth server would. */
function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  return async () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
}

function signIn(customFetchImpl: () => Promise<Response>) {
  return authRequest((client, fetchOptions) =>
    client.signIn.emailOtp({
      email: 'user@example.com',
      otp: '123456',
      fetchOptions: { ...fetchOptions, customFetchImpl, baseURL: 'http://localhost/api/auth' },
    }),
  );
}

describe('authRequest over the real better-auth client', () => {
  it('keeps the end of a ban as an ISO date, though the client parses it into a Date', async () => {
    const { error } = await signIn(
      answering(403, { code: 'BANNED_USER', message: 'Banned', banExpires: '2031-05-04T10:00:00.000Z' }),
    );
    expect(error).toEqual({
      status: 403,
      code: 'BANNED_USER',
      message: 'Banned',
      banExpires: '2031-05-04T10:00:00.000Z',
    });
  });

  it('keeps the organizations an account deletion waits on, and nothing else the answer carries', async () => {
    const code = 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER';
    const { error } = await signIn(
      answering(400, { code, message: 'Only owner', organizations: ['Acme', 'Globex'], stack: 'at x' }),
    );
    expect(error).toEqual({ status: 400, code, message: 'Only owner', organizations: ['Acme', 'Globex'] });
  });

  it('keeps how long to wait from a 429 answer', async () => {
    const { error } = await signIn(
      answering(429, { code: 'TOO_MANY_REQUESTS', message: 'Slow down' }, { 'X-Retry-After': '42' }),
    );
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', retryAfter: 42 });
  });

  it('turns a network failure into an error like any other', async () => {
    const { data, error } = await signIn(() => Promise.reject(new TypeError('fetch failed')));
    expect(data).toBeNull();
    expect(error).toEqual({ status: 0, code: 'NETWORK_ERROR' });
  });
});

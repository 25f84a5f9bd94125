// Answers that leak nothing and are never cached wrongly (issue 15 §5): a server-function call the server
// cannot read gets 400 and a bare code whatever the function, every answer that depends on the session is
// private and never stored while static files stay immutable, and a production server's Server-Timing
// says nothing about its database unless the operator turns the detail on.
import { randomInt } from 'node:crypto';
import { type APIResponse, expect, test } from '@playwright/test';
import { toJSON } from 'seroval';
import { appConfig } from '../app.config.ts';
import { callServerFn, serialisedErrorMessage, serverFnUrl } from './support/server-fn';
import { declaredServerFunctions } from './support/server-functions';
import { newEmail, signIn } from './support/session';

const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;
const LIST_REPOSITORIES = 'src/features/repository/functions.ts#$listRepositories';
const GET_SESSION = 'src/features/auth/functions.ts#$getSession';
const CALL_HEADERS = { origin, 'x-tsr-serverFn': 'true', accept: 'application/json' };

/** The sign-up-off server: started by scripts/e2e.ts without the Server-Timing detail switch. */
function closedOrigin(): string {
  const port = process.env.E2E_CLOSED_PORT;
  expect(port, 'the sign-up-disabled server is started by scripts/e2e.ts (pnpm test:e2e)').toBeTruthy();
  return `http://127.0.0.1:${port}`;
}

/** Payloads the app's client never sends: broken JSON, JSON of the wrong shape, a non-object payload. */
const MALFORMED: { name: string; payload: string }[] = [
  { name: 'cut-off JSON', payload: '{' },
  { name: 'null', payload: 'null' },
  { name: 'an array', payload: '[]' },
  { name: 'a string', payload: '"data"' },
  { name: 'a number', payload: '42' },
  { name: 'an object that is not a serialised payload', payload: '{"data":{}}' },
  { name: 'a serialised number instead of an object', payload: JSON.stringify(toJSON(42)) },
];

const CODE = /^[A-Z][A-Z0-9_]*(?::[\w.-]+)?$/;

/** What is wrong with `response` as the bare `code` refusal with `status` (undefined when nothing is). */
async function notBareRefusal(
  response: APIResponse,
  status: number,
  code: string,
): Promise<string | undefined> {
  const text = await response.text();
  const strings = [...text.matchAll(/"s":"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1] ?? '');
  const leaked = strings.filter((value) => !CODE.test(value));
  if (response.status() !== status) return `HTTP ${response.status()} ${text.slice(0, 160)}`;
  if (serialisedErrorMessage(text) !== code) return `not the serialised ${code}: ${text.slice(0, 160)}`;
  if (leaked.length > 0 || /stack|\bat \S+ \(/i.test(text)) return `leaks ${JSON.stringify(leaked)}`;
  return undefined;
}

test('a server-function call the server cannot read gets 400 and a bare code, for every function', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const declared = declaredServerFunctions();
  expect(declared.size).toBeGreaterThan(10);
  const problems: string[] = [];
  for (const [fn, method] of declared) {
    const url = serverFnUrl(origin, fn);
    const calls: { name: string; send: () => Promise<APIResponse> }[] = MALFORMED.map(
      ({ name, payload }) => ({
        name,
        send: () =>
          method === 'GET'
            ? request.get(url, { headers: CALL_HEADERS, params: { payload } })
            : request.post(url, {
                headers: { ...CALL_HEADERS, 'content-type': 'application/json' },
                // Bytes: Playwright would send a string that is not JSON as a JSON string.
                data: Buffer.from(payload),
              }),
      }),
    );
    if (method === 'POST') {
      calls.push(
        {
          name: 'an empty JSON body',
          send: () =>
            request.post(url, {
              headers: { ...CALL_HEADERS, 'content-type': 'application/json' },
              data: Buffer.alloc(0),
            }),
        },
        {
          name: 'a form that is not one',
          send: () =>
            request.post(url, {
              headers: { ...CALL_HEADERS, 'content-type': 'multipart/form-data; boundary=x' },
              data: Buffer.from('not a form'),
            }),
        },
      );
    }
    for (const call of calls) {
      const problem = await notBareRefusal(await call.send(), 400, 'VALIDATION_ERROR');
      if (problem) problems.push(`${method} ${fn}, ${call.name}: ${problem}`);
    }
  }
  expect(problems).toEqual([]);
});

test('a call to no function, or with the wrong method, gets a bare code too', async ({ request }) => {
  const nowhere = await request.get(`${origin}/_serverFn/${'0'.repeat(64)}`, { headers: CALL_HEADERS });
  expect(await notBareRefusal(nowhere, 404, 'NOT_FOUND')).toBeUndefined();
  const prototypeKey = await request.get(`${origin}/_serverFn/constructor`, { headers: CALL_HEADERS });
  expect(await notBareRefusal(prototypeKey, 404, 'NOT_FOUND')).toBeUndefined();
  const wrongMethod = await request.post(serverFnUrl(origin, LIST_REPOSITORIES), {
    headers: { ...CALL_HEADERS, 'content-type': 'application/json' },
    data: JSON.stringify(toJSON({ data: {} })),
  });
  expect(await notBareRefusal(wrongMethod, 405, 'METHOD_NOT_ALLOWED')).toBeUndefined();
  expect(wrongMethod.headers()['allow']).toBe('GET');
});

test('answers that depend on the session are private and never stored; static files stay immutable', async ({
  page,
}) => {
  const anonymous = page.request;
  const visitorPage = await anonymous.get(`${origin}/login`);
  const html = await visitorPage.text();
  const asset = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset, 'the sign-in page loads a script from /assets').toBeTruthy();
  const staticFile = await anonymous.get(`${origin}${asset}`);
  expect(staticFile.status()).toBe(200);
  expect(staticFile.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const answers: Record<string, APIResponse> = {
    'sign-in page': visitorPage,
    'redirect to sign in': await anonymous.get(`${origin}/app`, { maxRedirects: 0 }),
  };
  await signIn(page, newEmail('no-store'));
  const signedIn = page.request;
  answers['signed-in page'] = await signedIn.get(`${origin}/app/repositories`);
  answers['server function'] = (
    await callServerFn(signedIn, origin, { fn: LIST_REPOSITORIES, method: 'GET', data: { searchTerm: '' } })
  ).response;
  answers['session server function'] = (
    await callServerFn(signedIn, origin, { fn: GET_SESSION, method: 'GET' })
  ).response;
  answers['server function refusal'] = (
    await callServerFn(signedIn, origin, { fn: LIST_REPOSITORIES, method: 'GET', data: { limit: -1 } })
  ).response;
  answers['auth session'] = await signedIn.get(`${origin}/api/auth/get-session`);
  answers['auth refusal'] = await signedIn.post(`${origin}/api/auth/update-user`, {
    headers: { origin },
    data: { name: 42 },
  });
  for (const [what, response] of Object.entries(answers)) {
    expect(response.headers()['cache-control'], what).toBe('private, no-store');
  }
});

test('a production server says nothing about its database in Server-Timing, for a known or unknown address', async ({
  request,
}) => {
  const closed = closedOrigin();
  const headers = {
    origin: closed,
    'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  };
  const sendCode = (email: string) =>
    request.post(`${closed}/api/auth/email-otp/send-verification-otp`, {
      headers,
      data: { email, type: 'sign-in' },
    });
  const answers: Record<string, APIResponse> = {
    'code for a known address': await sendCode(appConfig.seed.userEmail),
    'code for an unknown address': await sendCode(newEmail('nobody')),
    'session lookup': await request.get(`${closed}/api/auth/get-session`),
    'sign-in page': await request.get(`${closed}/login?lng=fr`),
    'server function': (await callServerFn(request, closed, { fn: GET_SESSION, method: 'GET' })).response,
  };
  for (const [what, response] of Object.entries(answers)) {
    expect(response.headers()['server-timing'], what).toMatch(/^total;dur=\d+(\.\d)?$/);
  }
  // The main e2e server runs with the operator's switch (SERVER_TIMING_DETAIL=true): the detail is there.
  const detailed = await request.get(`${origin}/api/auth/get-session`);
  expect(detailed.headers()['server-timing']).toMatch(/db;dur=[\d.]+;desc="\d+ queries"/);
});

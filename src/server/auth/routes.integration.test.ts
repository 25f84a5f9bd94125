import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '@/server/db/seed/seed';
import { AUTH_ROUTES } from '@/server/policy/auth-routes';
import { findAuthRoute } from './routes';
import { createTestAuth, type TestAuth } from '@/test/auth';

// Every endpoint better-auth exposes with the product's plugins and every provider configured, called
// through `auth.handler` as a stranger would: the product serves it (AUTH_ROUTES) or it answers 404 before
// better-auth runs. A better-auth upgrade or a new plugin that adds a route fails here until it is decided.
const PROVIDERS = {
  GITHUB_CLIENT_ID: 'github-id',
  GITHUB_CLIENT_SECRET: 'github-secret',
  GOOGLE_CLIENT_ID: 'google-id',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  OIDC_ISSUER: 'http://127.0.0.1:9/issuer',
  OIDC_CLIENT_ID: 'oidc-id',
  OIDC_CLIENT_SECRET: 'oidc-secret',
};
const NOT_FOUND = { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };

let t: TestAuth;
let demo: TestAuth;

beforeAll(async () => {
  t = await createTestAuth({ env: PROVIDERS });
  await seedDatabase(t.db);
  demo = t.derive({ demo: true, env: PROVIDERS });
});

afterAll(async () => {
  await t?.close();
});

type Endpoint = {
  path?: string;
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
};

/** Every (method, path) better-auth routes over HTTP, from the configured instance itself. */
function exposedRoutes(auth: TestAuth['auth']): { method: 'GET' | 'POST'; path: string }[] {
  const routes: { method: 'GET' | 'POST'; path: string }[] = [];
  for (const endpoint of Object.values(auth.api) as Endpoint[]) {
    if (!endpoint.path || endpoint.options?.metadata?.SERVER_ONLY) continue;
    const declared = endpoint.options?.method ?? [];
    for (const method of Array.isArray(declared) ? declared : [declared]) {
      expect(['GET', 'POST'], `${endpoint.path} answers ${method}`).toContain(method);
      routes.push({ method: method as 'GET' | 'POST', path: endpoint.path });
    }
  }
  return routes;
}

describe('the auth routes reachable over HTTP', () => {
  it('are the ones the product serves; every other endpoint answers 404 without running', async () => {
    const exposed = exposedRoutes(t.auth);
    expect(exposed.length).toBeGreaterThan(40);
    const leaks: string[] = [];
    for (const { method, path } of exposed) {
      const url = path.replace(/:[^/]+/g, 'x');
      const served = findAuthRoute(`/api/auth${url}`, method, '/api/auth');
      const answer = await t.request(method, url, method === 'POST' ? {} : undefined);
      const got = { status: answer.status, body: answer.body };
      if (served) {
        if (answer.status === 404 && answer.body?.message === 'Not found')
          leaks.push(`${method} ${path} refused`);
      } else if (JSON.stringify(got) !== JSON.stringify(NOT_FOUND)) {
        leaks.push(`${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 80)}`);
      }
      const inDemo = await demo.request(method, url, method === 'POST' ? {} : undefined);
      const wantInDemo = !served ? 404 : served.demo ? undefined : 403;
      if (wantInDemo !== undefined && inDemo.status !== wantInDemo) {
        leaks.push(`demo ${method} ${path} answered ${inDemo.status}, expected ${wantInDemo}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('names only routes that exist, with their own methods', () => {
    const exposed = new Set(exposedRoutes(t.auth).map(({ method, path }) => `${method} ${path}`));
    for (const route of AUTH_ROUTES) {
      for (const method of route.methods)
        expect(exposed, `${method} ${route.path}`).toContain(`${method} ${route.path}`);
    }
  });

  it('mails nothing through the password-reset routes, which used to bypass the mail limit', async () => {
    const email = (await t.db.query.user.findFirst({ columns: { email: true } }))?.email as string;
    for (const path of ['/email-otp/request-password-reset', '/forget-password/email-otp']) {
      const answer = await t.request('POST', path, { email });
      expect({ status: answer.status, body: answer.body }, path).toEqual(NOT_FOUND);
    }
    expect(t.mailsTo(email)).toHaveLength(0);
  });
});

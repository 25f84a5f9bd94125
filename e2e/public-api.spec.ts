// The public API as another program uses it: a production instance of its own on Postgres (so the test can
// age a key and read the audit log), keys made by an organization's owner through the organization
// screen's function, and `fetch` with `Authorization: Bearer` for every endpoint and scope, another
// organization's ids, a revoked and an expired key, and the key's rate limit with its headers.
import { expect, type Page, test } from '@playwright/test';
import {
  createThrowawayDatabase,
  type Instance,
  startInstance,
  type ThrowawayDatabase,
  waitForReady,
} from './support/instances';
import { callServerFn } from './support/server-fn';
import { newEmail, signIn } from './support/session';

const serverUrl = process.env.TEST_DATABASE_URL;

type Problem = {
  type: string;
  title: string;
  status: number;
  code: string;
  errors?: { field: string; code: string; message: string }[];
};
type Repository = { id: string; name: string; link: string; description: string | null };

test.describe('the public API', () => {
  test.skip(!serverUrl, 'needs a Postgres server: set TEST_DATABASE_URL');
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let database: ThrowawayDatabase | undefined;
  let instance: Instance | undefined;
  const origin = () => instance?.origin ?? '';

  test.beforeAll(async () => {
    database = await createThrowawayDatabase(serverUrl ?? '');
    instance = await startInstance({
      DATABASE_URL: database.url,
      EMAIL_SERVER: process.env.EMAIL_SERVER ?? '',
    });
    await waitForReady(instance);
  });

  test.afterAll(async () => {
    await instance?.stop();
    await database?.drop();
  });

  /** A key of the signed-in owner's organization, made as the organization screen makes it. */
  async function createKey(page: Page, name: string, scopes: string[]): Promise<{ id: string; key: string }> {
    const { result, errorMessage } = await callServerFn(page.request, origin(), {
      fn: 'src/features/api-key/functions.ts#$createApiKey',
      method: 'POST',
      data: { name, scopes, expiresInDays: null },
    });
    expect(errorMessage).toBeUndefined();
    const created = result as { key: string; item: { id: string } };
    return { id: created.item.id, key: created.key };
  }

  const call = (key: string | null, path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${origin()}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });

  async function problemOf(response: Response): Promise<Problem> {
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = (await response.json()) as Problem;
    expect(body.status).toBe(response.status);
    return body;
  }

  /** The `r` (remaining) of a `RateLimit: "per-key";r=…;t=…` header. */
  const remaining = (response: Response) =>
    Number(/;r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1]);

  test('a key reads and writes its organization within its scopes, audited as the key', async ({ page }) => {
    await signIn(page, newEmail('api-owner'), { origin: origin(), name: 'Ada API' });
    const writer = await createKey(page, 'CI deploys', ['repositories:read', 'repositories:write']);
    const reader = await createKey(page, 'Dashboard', ['repositories:read']);
    expect(writer.key.startsWith('sk_')).toBe(true);

    const anonymous = await call(null, '/repositories');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await problemOf(anonymous)).code).toBe('UNAUTHORIZED');
    expect((await problemOf(await call('sk_not-a-real-key-0000000000', '/repositories'))).code).toBe(
      'UNAUTHORIZED',
    );

    // Create: 201 with its place, the row as the API answers it, the key's quota counted down.
    const first = await call(writer.key, '/repositories', {
      method: 'POST',
      body: { name: 'api-made', link: 'example.com/api-made', description: 'From the API' },
    });
    expect(first.status, await first.clone().text()).toBe(201);
    const created = (await first.json()) as Repository;
    expect(first.headers.get('location')).toBe(`/api/v1/repositories/${created.id}`);
    expect(created).toMatchObject({ name: 'api-made', link: 'https://example.com/api-made' });
    expect(first.headers.get('ratelimit-policy')).toBe('"per-key";q=120;w=60');
    const second = await call(writer.key, `/repositories/${created.id}`);
    expect(remaining(second)).toBe(remaining(first) - 1);

    // The read-only key reads but does not write.
    expect((await call(reader.key, `/repositories/${created.id}`)).status).toBe(200);
    const refused = await call(reader.key, '/repositories', {
      method: 'POST',
      body: { name: 'x', link: 'x.io' },
    });
    expect(refused.status).toBe(403);
    expect((await problemOf(refused)).code).toBe('INSUFFICIENT_SCOPE');

    // Bad input names its fields, in the product's words; a taken name is a conflict on `name`.
    const invalid = await call(writer.key, '/repositories', {
      method: 'POST',
      body: { name: '', link: 'ftp://example.com', colour: 'red' },
    });
    expect(invalid.status).toBe(400);
    const { errors = [] } = await problemOf(invalid);
    expect(errors.map((error) => error.field).sort()).toEqual(['colour', 'link', 'name']);
    expect(errors.find((error) => error.field === 'name')?.message).toBe('Name is required');
    const taken = await call(writer.key, '/repositories', {
      method: 'POST',
      body: { name: 'api-made', link: 'example.com/other' },
    });
    expect(taken.status).toBe(409);
    expect((await problemOf(taken)).errors?.[0]).toMatchObject({
      field: 'name',
      message: 'Name already used',
    });
    const notJson = await fetch(`${origin()}/api/v1/repositories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${writer.key}`, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(notJson.status).toBe(400);

    // The list: the list page's search and keyset pages.
    for (const name of ['api-second', 'api-third']) {
      const made = await call(writer.key, '/repositories', {
        method: 'POST',
        body: { name, link: `${name}.example` },
      });
      expect(made.status).toBe(201);
    }
    const page1 = (await (
      await call(reader.key, '/repositories?searchTerm=api-&limit=2&sort=name&order=asc')
    ).json()) as {
      items: Repository[];
      nextCursor: string | null;
      total: number;
    };
    expect(page1.items.map((item) => item.name)).toEqual(['api-made', 'api-second']);
    expect(page1.total).toBe(3);
    const page2 = (await (
      await call(
        reader.key,
        `/repositories?searchTerm=api-&limit=2&sort=name&order=asc&cursor=${encodeURIComponent(page1.nextCursor ?? '')}`,
      )
    ).json()) as { items: Repository[]; nextCursor: string | null };
    expect(page2.items.map((item) => item.name)).toEqual(['api-third']);
    expect(page2.nextCursor).toBeNull();
    const badSort = await call(reader.key, '/repositories?sort=colour');
    expect(badSort.status).toBe(400);
    expect((await problemOf(badSort)).errors?.[0]?.field).toBe('sort');

    // Update keeps the fields not sent; delete, then it is gone.
    const patched = await call(writer.key, `/repositories/${created.id}`, {
      method: 'PATCH',
      body: { description: 'Changed through the API' },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ name: 'api-made', description: 'Changed through the API' });
    expect((await call(writer.key, `/repositories/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(writer.key, `/repositories/${created.id}`)).status).toBe(404);
    expect((await call(writer.key, '/widgets')).status).toBe(404);

    // Each change in the audit log, made by the key (no user).
    const entries = await database!.sql<{ action: string; actor: string | null; key: string }[]>`
      select action, actor_user_id as actor, metadata->>'apiKeyLabel' as key from audit_log
      where metadata->>'apiKey' = ${writer.id} order by created_at`;
    expect(entries.map((entry) => entry.action)).toEqual([
      'repository.create',
      'repository.create',
      'repository.create',
      'repository.update',
      'repository.delete',
    ]);
    expect(entries.every((entry) => entry.actor === null && entry.key === 'CI deploys')).toBe(true);

    // "Last used" on the organization screen moved.
    const { result } = await callServerFn(page.request, origin(), {
      fn: 'src/features/api-key/functions.ts#$listApiKeys',
      method: 'GET',
    });
    const listed = (result as { id: string; lastUsedAt: string | null }[]).find(
      (key) => key.id === writer.id,
    );
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  test("another organization's rows are not found, and a revoked or expired key is refused", async ({
    page,
    browser,
  }) => {
    await signIn(page, newEmail('api-acme'), { origin: origin(), name: 'Acme Owner' });
    const acme = await createKey(page, 'Acme', ['repositories:read', 'repositories:write']);
    const other = await browser.newPage();
    await signIn(other, newEmail('api-globex'), { origin: origin(), name: 'Globex Owner' });
    const globex = await createKey(other, 'Globex', ['repositories:read', 'repositories:write']);
    const theirs = (await (
      await call(globex.key, '/repositories', {
        method: 'POST',
        body: { name: 'globex-secret', link: 'globex.example' },
      })
    ).json()) as Repository;

    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const response = await call(acme.key, `/repositories/${theirs.id}`, {
        method,
        ...(method === 'PATCH' ? { body: { name: 'taken-over' } } : {}),
      });
      expect(response.status, method).toBe(404);
    }
    const acmeList = (await (await call(acme.key, '/repositories?searchTerm=globex')).json()) as {
      items: unknown[];
    };
    expect(acmeList.items).toEqual([]);
    expect(((await (await call(globex.key, `/repositories/${theirs.id}`)).json()) as Repository).name).toBe(
      'globex-secret',
    );

    const { errorMessage } = await callServerFn(page.request, origin(), {
      fn: 'src/features/api-key/functions.ts#$revokeApiKey',
      method: 'POST',
      data: { id: acme.id },
    });
    expect(errorMessage).toBeUndefined();
    expect((await call(acme.key, '/repositories')).status).toBe(401);

    await database!.sql`update apikey set expires_at = now() - interval '1 minute' where id = ${globex.id}`;
    const expired = await call(globex.key, '/repositories');
    expect(expired.status).toBe(401);
    expect((await problemOf(expired)).code).toBe('UNAUTHORIZED');
    await other.close();
  });

  test('each key has its own rate limit, told in the standard headers', async ({ page }) => {
    await signIn(page, newEmail('api-limit'), { origin: origin(), name: 'Lim Iter' });
    const limited = await createKey(page, 'Busy', ['repositories:read']);
    const calm = await createKey(page, 'Calm', ['repositories:read']);
    // A small quota for this key only (the plugin reads it from the key's row).
    await database!.sql`update apikey set rate_limit_max = 3 where id = ${limited.id}`;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call(limited.key, '/repositories'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers.slice(0, 3).map(remaining)).toEqual([2, 1, 0]);
    const refused = answers[3]!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await problemOf(refused)).code).toBe('TOO_MANY_REQUESTS');
    expect((await call(calm.key, '/repositories')).status).toBe(200);
  });

  test('the OpenAPI document and its reference page are public', async () => {
    const document = await fetch(`${origin()}/api/v1/openapi.json`);
    expect(document.status).toBe(200);
    const body = (await document.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/repositories', '/repositories/{id}']));
    const reference = await fetch(`${origin()}/api/v1/reference`);
    expect(reference.status).toBe(200);
    const html = await reference.text();
    expect(html).toContain('<code>/api/v1/repositories/{id}</code>');
    expect(html).toContain('curl -H "Authorization: Bearer sk_');
  });
});

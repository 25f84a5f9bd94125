// An organization's owner connects other software, in the browser on a production instance of its own:
// creates an API key (shown once, copied), calls the public API with it from the test and sees "Last used"
// change; adds a webhook endpoint pointing at a receiver this test starts on loopback (private addresses
// allowed for the instance, as for a self-hosted receiver), sends a test event, sees it delivered in the
// endpoint's log, and the receiver checks its signature with the `standardwebhooks` library.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expectAccessible, waitForHydration } from './fixtures';
import { type Instance, startInstance, waitForReady } from './support/instances';
import { newEmail, signIn } from './support/session';
import { en } from './support/text';

test.describe('API keys and webhooks on the organization screen', () => {
  test.describe.configure({ timeout: 120_000 });

  let instance: Instance;
  let receiver: Server;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];

  test.beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.end('thanks');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    instance = await startInstance({
      PGLITE_DIR: 'memory://',
      EMAIL_SERVER: process.env.EMAIL_SERVER ?? '',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    });
    await waitForReady(instance);
  });

  test.afterAll(async () => {
    await instance?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  test('create a key, call the API with it, add an endpoint and see a test event delivered', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: instance.origin });
    await signIn(page, newEmail('integrations-owner'), { origin: instance.origin, name: 'Ines Owner' });
    await page.goto(`${instance.origin}/app/organization`);
    await waitForHydration(page);

    // The key: named, scoped, shown once, copied.
    const keys = page.getByRole('region', { name: en('api-key:section.title') });
    await keys.getByRole('button', { name: en('api-key:create.action') }).click();
    const createKey = page.getByRole('dialog', { name: en('api-key:create.title') });
    await createKey.getByLabel(en('api-key:form.name.label')).fill('Nightly sync');
    await createKey.getByRole('checkbox', { name: /repositories:write/ }).check();
    await createKey.getByRole('button', { name: en('api-key:create.submit') }).click();
    const shown = createKey.getByLabel(en('api-key:created.label', { name: 'Nightly sync' }));
    await expect(shown).toHaveValue(/^sk_/);
    const key = await shown.inputValue();
    await createKey.getByRole('button', { name: en('api-key:created.copy') }).click();
    await expect(page.getByText(en('api-key:created.copied'))).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expectAccessible(page);
    await createKey.getByRole('button', { name: en('api-key:created.done') }).click();
    const listed = keys.getByTestId('api-key').filter({ hasText: 'Nightly sync' });
    await expect(listed).toContainText(key.slice(0, 10));
    await expect(listed).toContainText('repositories:write');
    await expect(listed).not.toContainText(key);
    const lastUsed = listed.locator('dd').nth(1);
    await expect(lastUsed).toHaveText(en('api-key:list.never'));

    const answer = await fetch(`${instance.origin}/api/v1/repositories`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(answer.status).toBe(200);
    await page.reload();
    await waitForHydration(page);
    await expect(lastUsed).not.toHaveText(en('api-key:list.never'));
    await expect(lastUsed.locator('time')).toHaveAttribute('datetime', /^\d{4}-/);

    // The webhook endpoint: its secret shown once, a test event delivered and logged.
    const hooks = page.getByRole('region', { name: en('webhook:section.title') });
    await hooks.getByRole('button', { name: en('webhook:create.action') }).click();
    const addEndpoint = page.getByRole('dialog', { name: en('webhook:create.title') });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    await addEndpoint.getByLabel(en('webhook:form.url.label')).fill(url);
    await addEndpoint.getByRole('button', { name: en('webhook:create.submit') }).click();
    const secretField = addEndpoint.getByLabel(en('webhook:secret.label'));
    await expect(secretField).toHaveValue(/^whsec_/);
    const secret = await secretField.inputValue();
    await addEndpoint.getByRole('button', { name: en('webhook:secret.done') }).click();

    const endpoint = hooks.getByRole('article', { name: url });
    await endpoint.getByRole('button', { name: en('webhook:test.action') }).click();
    await expect(page.getByText(en('webhook:test.done'))).toBeVisible();
    await endpoint.getByText(en('webhook:log.title')).click();
    const delivery = endpoint.getByTestId('webhook-delivery').first();
    await expect(delivery).toContainText('webhook.test');
    await expect(delivery).toContainText(en('webhook:log.succeeded'), { timeout: 20_000 });
    await expect(delivery).toContainText('thanks');
    await expectAccessible(page);

    expect(received).toHaveLength(1);
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
        name,
        String(received[0]!.headers[name]),
      ]),
    );
    expect(new Webhook(secret).verify(received[0]!.body, headers)).toMatchObject({ type: 'webhook.test' });
  });
});

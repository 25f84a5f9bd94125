// Working inside organizations from the app area: a new user gets a workspace of their own, the switcher in
// the header changes what every list shows at once, a repository of another organization is not found by
// URL, an owner creates and edits repositories in /app, and "New organization" starts an empty one.
// Seeded data: Acme's 36 repositories (src/server/db/seed/data.ts).
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { listRows } from './support/list';
import { joinAcme, newEmail, signIn } from './support/session';
import { en, text } from './support/text';

const switcher = (page: Page, lng = 'en') =>
  page.getByRole('button', { name: new RegExp(`^${text(lng, 'organization:switcher.label')}`) });

async function switchTo(page: Page, name: string) {
  await switcher(page).click();
  await page
    .getByRole('group', { name: en('organization:switcher.label') })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expect(page.getByText(en('organization:switcher.switched', { name }))).toBeVisible();
}

let leaveAcme: (() => Promise<void>) | undefined;

test.afterEach(async () => {
  await leaveAcme?.();
  leaveAcme = undefined;
});

test('a new user works in a workspace of their own; switching changes the list at once', async ({
  page,
  visit,
}) => {
  await signIn(page, newEmail('switch'), { name: 'Sam Switch' });
  const workspace = en('organization:workspace.name', { name: 'Sam Switch' });
  await visit('/app/repositories');
  await expect(switcher(page)).toContainText(workspace);
  const rows = listRows(page, en('repository:pages.list'));
  await expect(rows).toHaveCount(0);

  // The owner of the workspace creates a repository there, from the app area.
  await page.getByRole('link', { name: en('repository:list.new') }).click();
  await expect(page).toHaveURL(/\/app\/repositories\/new$/);
  await waitForHydration(page);
  await page.getByRole('textbox', { name: en('repository:form.name.label') }).fill('react');
  await page.getByRole('textbox', { name: en('repository:form.link.label') }).fill('example.com/mine');
  await page.getByRole('button', { name: en('repository:create.submit') }).click();
  await expect(page).toHaveURL(/\/app\/repositories\/[0-9a-f-]{36}$/);
  // Acme has a "react" too: names are unique within an organization only.
  await expect(page.getByRole('heading', { level: 1, name: 'react' })).toBeVisible();
  const mine = page.url();

  leaveAcme = await joinAcme(page);
  await visit('/app/repositories');
  await expect(switcher(page)).toContainText('Acme');
  await expect(rows).toHaveCount(20);

  // From a repository page of one organization to another: the list of the new one, nothing of the old.
  const response = await page.goto(mine);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: en('errors.notFound') })).toBeVisible();
  await visit('/app/repositories');
  await switchTo(page, workspace);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('react');
  await page.getByRole('link', { name: 'react', exact: true }).first().click();
  await expect(page).toHaveURL(mine);
  await switchTo(page, 'Acme');
  await expect(page).toHaveURL(/\/app\/repositories$/);
  await expect(rows).toHaveCount(20);
  await expect(rows.filter({ hasText: 'example.com/mine' })).toHaveCount(0);
  await expectAccessible(page);
});

test("a member reads the organization's repositories and cannot change them", async ({ page, visit }) => {
  await signIn(page, newEmail('member'), { name: 'Mia Member' });
  leaveAcme = await joinAcme(page);
  await visit('/app/repositories');
  await expect(listRows(page, en('repository:pages.list'))).toHaveCount(20);
  await expect(page.getByRole('link', { name: en('repository:list.new') })).toHaveCount(0);
  const response = await page.goto('/app/repositories/new');
  expect(response?.status()).toBe(403);
});

test('"New organization" creates one the user owns and works in', async ({ page, visit }) => {
  await signIn(page, newEmail('create-org'), { name: 'Nia New' });
  await visit('/app');
  await switcher(page).click();
  await page.getByRole('button', { name: en('organization:create.action') }).click();
  const dialog = page.getByRole('dialog', { name: en('organization:create.title') });
  await dialog.getByRole('button', { name: en('organization:create.submit') }).click();
  await expect(dialog.getByText(en('organization:validation.name.required'))).toBeVisible();
  await dialog.getByRole('textbox', { name: en('organization:create.name') }).fill('Nia Labs');
  await dialog.getByRole('button', { name: en('organization:create.submit') }).click();
  await expect(page.getByText(en('organization:create.done', { name: 'Nia Labs' }))).toBeVisible();
  await expect(switcher(page)).toContainText('Nia Labs');
  await visit('/app/repositories');
  await expect(listRows(page, en('repository:pages.list'))).toHaveCount(0);
});

test('the switcher reads right to left in Arabic', { tag: '@mobile' }, async ({ page, visit }) => {
  await signIn(page, newEmail('switch-ar'), { name: 'Sara' });
  await visit('/app?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await switcher(page, 'ar').click();
  const panel = page.getByRole('group', { name: text('ar', 'organization:switcher.label') });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: text('ar', 'organization:create.action') })).toBeVisible();
  // The panel opens at the start side of its button: on the right in Arabic.
  const button = await switcher(page, 'ar').boundingBox();
  const box = await panel.boundingBox();
  expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(
    Math.round((button?.x ?? 0) + (button?.width ?? 0)),
  );
  await expectAccessible(page);
});

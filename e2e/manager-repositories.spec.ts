// Repository management in the manager area: create (with every validation message), the name conflict,
// update, delete, search, the 403 page for a plain user, and accessibility in English and Arabic.
// Texts come from public/locales/en/*.json. Seeded data: Acme's 36 repositories (one of them named "react")
// and Globex's 3.
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, waitForHydration, closeToasts } from './fixtures';
import { listRows } from './support/list';
import { callServerFn } from './support/server-fn';
import { newEmail, signIn, signInAdmin } from './support/session';
import { en } from './support/text';

const unique = (label: string) => `${label} ${Date.now().toString(36)}${randomInt(1000)}`;
const DETAIL_URL = /\/manager\/repositories\/[0-9a-f-]{36}$/;

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function fillForm(
  page: Page,
  values: { organization?: string; name?: string; link?: string; description?: string },
) {
  if (values.organization !== undefined)
    await page
      .getByRole('combobox', { name: en('repository:form.organization.label') })
      .selectOption({ label: values.organization });
  if (values.name !== undefined) await field(page, en('repository:form.name.label')).fill(values.name);
  if (values.link !== undefined) await field(page, en('repository:form.link.label')).fill(values.link);
  if (values.description !== undefined)
    await field(page, en('repository:form.description.label')).fill(values.description);
}

/** Creates a repository through the form and waits for its detail page. */
async function createThroughForm(page: Page, visit: (path: string) => Promise<unknown>, name: string) {
  await visit('/manager/repositories/new');
  await fillForm(page, {
    organization: 'Acme',
    name,
    link: 'example.com/e2e',
    description: 'Made by the e2e suite',
  });
  await page.getByRole('button', { name: en('repository:create.submit') }).click();
  await expect(page).toHaveURL(DETAIL_URL);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/**
 * Deletes the repository whose detail page is open, so later journeys (other files count the 36 seeded
 * repositories) see the data they expect.
 */
async function deleteOpenRepository(page: Page) {
  await closeToasts(page);
  await page.getByRole('button', { name: en('repository:delete.action') }).click();
  await page
    .getByRole('dialog', { name: en('repository:delete.title') })
    .getByRole('button', { name: en('repository:delete.confirm') })
    .click();
  await expect(page).toHaveURL(/\/manager\/repositories$/);
}

test.describe('as an admin', () => {
  test.beforeEach(async ({ page }) => {
    await signInAdmin(page, { name: 'Rita Repo' });
  });

  // A journey that stops halfway (a failed attempt before its retry) must not leave its repositories
  // behind for the files that count the 36 seeded ones: whatever this file created goes, through the API.
  test.afterEach(async ({ page, baseURL }) => {
    const origin = baseURL ?? '';
    const { result } = await callServerFn(page.request, origin, {
      fn: 'src/features/repository/functions.ts#$listPlatformRepositories',
      method: 'GET',
      data: { searchTerm: 'E2E ', limit: 100 },
    });
    const items = (result as { items?: { id: string; name: string }[] } | undefined)?.items ?? [];
    for (const { id } of items.filter((item) => item.name.startsWith('E2E '))) {
      await callServerFn(page.request, origin, {
        fn: 'src/features/repository/functions.ts#$deletePlatformRepository',
        method: 'POST',
        data: { id },
      });
    }
  });

  test('create: every validation message, then the new repository', async ({ page, visit }) => {
    await visit('/manager/repositories');
    await page.getByRole('link', { name: en('repository:list.new') }).click();
    await expect(page).toHaveURL(/\/manager\/repositories\/new$/);
    await waitForHydration(page);

    const create = page.getByRole('button', { name: en('repository:create.submit') });
    await create.click();
    await expect(page.getByText(en('repository:form.organization.required'))).toBeVisible();
    await expect(page.getByText(en('repository:form.name.required'))).toBeVisible();
    await expect(page.getByText(en('repository:form.link.required'))).toBeVisible();
    await expect(field(page, en('repository:form.name.label'))).toHaveAttribute('aria-invalid', 'true');

    const name = unique('E2E created');
    await fillForm(page, { organization: 'Acme', name, link: 'a.b' });
    await create.click();
    await expect(page.getByText(en('repository:form.link.min', { repositoryLinkMin: 4 }))).toBeVisible();
    await expect(page.getByText(en('repository:form.name.required'))).toHaveCount(0);

    await fillForm(page, { link: 'localhost' });
    await create.click();
    await expect(page.getByText(en('repository:form.link.missingDot'))).toBeVisible();

    await fillForm(page, { link: 'javascript:alert(document.cookie)' });
    await create.click();
    await expect(page.getByText(en('repository:form.link.scheme'))).toBeVisible();
    await expect(field(page, en('repository:form.link.label'))).toHaveValue(
      'javascript:alert(document.cookie)',
    );
    await expect(field(page, en('repository:form.name.label'))).toHaveValue(name);
    await expectAccessible(page);

    await fillForm(page, { link: 'example.com/created', description: 'A repository made in the browser' });
    await create.click();
    await expect(page).toHaveURL(DETAIL_URL);
    await expect(page.getByText(en('repository:create.done'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // The bare host was given https:// and is a real, safe link.
    await expect(page.getByRole('link', { name: /https:\/\/example\.com\/created/ })).toHaveAttribute(
      'href',
      'https://example.com/created',
    );
    await expect(page.getByText('A repository made in the browser')).toBeVisible();
    await expectAccessible(page);
    await deleteOpenRepository(page);
  });

  test('a taken name shows "Name already used" and keeps what was typed', async ({ page, visit }) => {
    await visit('/manager/repositories/new');
    await fillForm(page, {
      organization: 'Acme',
      name: 'react',
      link: 'https://example.com/dup',
      description: 'Typed once',
    });
    await page.getByRole('button', { name: en('repository:create.submit') }).click();
    await expect(page.getByText(en('repository:form.name.taken'))).toBeVisible();
    await expect(field(page, en('repository:form.name.label'))).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, en('repository:form.name.label'))).toBeFocused();
    await expect(field(page, en('repository:form.name.label'))).toHaveValue('react');
    await expect(field(page, en('repository:form.link.label'))).toHaveValue('https://example.com/dup');
    await expect(field(page, en('repository:form.description.label'))).toHaveValue('Typed once');
    await expect(page).toHaveURL(/\/manager\/repositories\/new$/);
  });

  test('update: the form starts from the stored values; a rename shows on the detail page', async ({
    page,
    visit,
  }) => {
    const name = unique('E2E to edit');
    await createThroughForm(page, visit, name);
    await page.getByRole('link', { name: en('repository:detail.edit') }).click();
    await expect(page).toHaveURL(/\/update$/);
    await expect(page.getByRole('heading', { level: 1, name: en('repository:pages.update') })).toBeVisible();
    await expect(field(page, en('repository:form.name.label'))).toHaveValue(name);
    await expect(field(page, en('repository:form.link.label'))).toHaveValue('https://example.com/e2e');
    await expectAccessible(page);

    // A taken name is refused on the field; nothing typed is lost.
    await fillForm(page, { name: 'react', description: 'Second thoughts' });
    await page.getByRole('button', { name: en('repository:update.submit') }).click();
    await expect(page.getByText(en('repository:form.name.taken'))).toBeVisible();
    await expect(field(page, en('repository:form.description.label'))).toHaveValue('Second thoughts');

    // Leaving with unsaved changes asks first.
    await page.getByRole('button', { name: en('repository:form.cancel') }).click();
    const leave = page.getByRole('dialog', { name: en('unsavedChanges.title') });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: en('unsavedChanges.stay') }).click();
    await expect(field(page, en('repository:form.description.label'))).toHaveValue('Second thoughts');

    const renamed = unique('E2E edited');
    await fillForm(page, { name: renamed });
    await page.getByRole('button', { name: en('repository:update.submit') }).click();
    await expect(page).toHaveURL(DETAIL_URL);
    await expect(page.getByText(en('repository:update.done'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByText('Second thoughts')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await deleteOpenRepository(page);
  });

  test('delete asks first, then leaves for the list with a toast', async ({ page, visit }) => {
    const name = unique('E2E to delete');
    await createThroughForm(page, visit, name);
    const detailUrl = page.url();

    await closeToasts(page);
    await page.getByRole('button', { name: en('repository:delete.action') }).click();
    let dialog = page.getByRole('dialog', { name: en('repository:delete.title') });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: en('confirmDialog.cancel') }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await page.getByRole('button', { name: en('repository:delete.action') }).click();
    dialog = page.getByRole('dialog', { name: en('repository:delete.title') });
    await dialog.getByRole('button', { name: en('repository:delete.confirm') }).click();
    await expect(page.getByText(en('repository:delete.done', { name }))).toBeVisible();
    await expect(page).toHaveURL(/\/manager\/repositories$/);

    await page.getByRole('searchbox', { name: en('search.label') }).fill(name);
    await expect(
      page.getByRole('status').filter({ hasText: en('dataList.noResults', { term: `\u2068${name}\u2069` }) }),
    ).toHaveCount(1);
    await visit(new URL(detailUrl).pathname);
    await expect(page.getByRole('heading', { level: 1, name: en('errors.notFound') })).toBeVisible();
  });

  test('the list searches by name and opens the manager detail page', async ({ page, visit }) => {
    await visit('/manager/repositories?searchTerm=tanstack');
    const rows = listRows(page, en('repository:pages.list'));
    await expect(rows).toHaveCount(2);
    await page.getByRole('searchbox', { name: en('search.label') }).fill('react');
    await expect(page).toHaveURL(/searchTerm=react/);
    await rows
      .getByRole('link')
      .filter({ has: page.getByText('react', { exact: true }) })
      .click();
    await expect(page).toHaveURL(DETAIL_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'react' })).toBeVisible();
    await expect(page.getByRole('link', { name: en('repository:detail.edit') })).toBeVisible();
    await expect(page.getByRole('button', { name: en('repository:delete.action') })).toBeVisible();
  });

  test('unknown ids show the 404 page', async ({ page, visit }) => {
    const response = await visit('/manager/repositories/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: en('errors.notFound') })).toBeVisible();
    await visit('/manager/repositories/not-a-uuid/update');
    await expect(page.getByRole('heading', { level: 1, name: en('errors.notFound') })).toBeVisible();
  });
});

test('a plain user gets the 403 page in the manager repository screens', async ({ page, visit }) => {
  await signIn(page, newEmail('plain'), { name: 'Paula Plain' });
  const response = await visit('/manager/repositories');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: en('errors.forbidden') })).toBeVisible();
  await visit('/manager/repositories/new');
  await expect(page.getByRole('heading', { level: 1, name: en('errors.forbidden') })).toBeVisible();
});

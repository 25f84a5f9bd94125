// User administration in the manager area: the list's view (search, role, status, order) lives in the URL
// and survives a reload; create (and the taken address), set role, delete; accessibility in English and
// Arabic. Texts come from public/locales/en/*.json. Endpoint refusals are covered by permissions.spec.ts.
import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { listRows } from './support/list';
import { openUserActions, signIn, signInAdmin } from './support/session';
import { en } from './support/text';

const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;
const DETAIL_URL = /\/manager\/users\/[A-Za-z0-9_-]+$/;
const tag = () => `${Date.now().toString(36)}${randomInt(1000)}`;

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const select = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });
const rows = (page: Page) => listRows(page, en('user:pages.list'));

/**
 * The list's view controls: inline from 768 px; on a phone in the sheet behind "Filters", opened for the
 * moment and closed with Done.
 */
async function inViewControls(page: Page, act: (scope: Page | Locator) => Promise<void>) {
  if ((page.viewportSize()?.width ?? 1280) >= 768) return act(page);
  await page.getByRole('button', { name: new RegExp(`^${en('listOptions.filters')}`) }).click();
  const sheet = page.getByRole('dialog', { name: en('listOptions.filters') });
  await act(sheet);
  await sheet.getByRole('button', { name: en('listOptions.done') }).click();
  await expect(sheet).toBeHidden();
}

const choose = (page: Page, label: string, value: string) =>
  inViewControls(page, async (scope) => {
    await scope.getByRole('combobox', { name: label, exact: true }).selectOption(value);
  });

const expectChosen = (page: Page, label: string, value: string) =>
  inViewControls(page, async (scope) => {
    await expect(scope.getByRole('combobox', { name: label, exact: true })).toHaveValue(value);
  });

/** Creates a user through better-auth's admin API with the page's admin session (onboarded: named). */
async function createUser(page: Page, user: { name: string; email: string; role: string }) {
  const response = await page.request.post(`${ORIGIN}/api/auth/admin/create-user`, {
    headers: { origin: ORIGIN },
    data: {
      name: user.name,
      email: user.email,
      role: user.role,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('as an admin', () => {
  test.beforeEach(async ({ page }) => {
    await signInAdmin(page, { name: 'Uma Users' });
  });

  test(
    'search, filter and sort live in the URL, and a reload keeps the view',
    { tag: '@mobile' },
    async ({ browser, page, visit }) => {
      const t = tag();
      await createUser(page, { name: `Zed ${t}`, email: `zed-${t}@e2e.test`, role: 'admin' });
      await createUser(page, { name: `Amy ${t}`, email: `amy-${t}@e2e.test`, role: 'user' });
      // Someone who signed up with a code and has not chosen a name yet.
      const newcomer = await browser.newPage();
      await signIn(newcomer, `bob-${t}@e2e.test`);
      await newcomer.close();

      await visit('/manager/users');
      await page.getByRole('searchbox', { name: en('search.label') }).fill(t.toUpperCase());
      await expect(page).toHaveURL(new RegExp(`searchTerm=${t}`, 'i'));
      await expect(rows(page)).toHaveCount(3);
      // Newest first by default.
      await expect(rows(page).first()).toContainText(`bob-${t}@e2e.test`);
      await expect(rows(page).first()).toContainText(en('user:status.notOnboarded'));

      await choose(page, en('user:list.role'), 'admin');
      await expect(page).toHaveURL(/role=admin/);
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText(`Zed ${t}`);
      await expect(rows(page).first()).toContainText(en('user:roles.admin'));

      await choose(page, en('user:list.role'), '');
      await choose(page, en('user:list.status'), 'active');
      await choose(page, en('user:list.sort'), 'name:desc');
      await expect(page).toHaveURL(/status=active/);
      await expect(page).toHaveURL(/sort=name/);
      await expect(page).not.toHaveURL(/role=/);
      await expect(rows(page)).toHaveCount(2);
      await expect(rows(page).nth(0)).toContainText(`Zed ${t}`);
      await expect(rows(page).nth(1)).toContainText(`Amy ${t}`);

      await page.reload();
      await waitForHydration(page);
      await expectChosen(page, en('user:list.status'), 'active');
      await expectChosen(page, en('user:list.sort'), 'name:desc');
      await expect(page.getByRole('searchbox', { name: en('search.label') })).toHaveValue(t.toUpperCase());
      await expect(rows(page)).toHaveCount(2);
      await expect(rows(page).nth(0)).toContainText(`Zed ${t}`);

      await choose(page, en('user:list.sort'), 'email:asc');
      await expect(rows(page).nth(0)).toContainText(`amy-${t}@e2e.test`);
      await rows(page).nth(0).getByRole('link').click();
      await expect(page).toHaveURL(DETAIL_URL);
      await expect(page.getByRole('heading', { level: 1, name: `Amy ${t}` })).toBeVisible();
    },
  );

  test('create a user, then the same address again is refused on the field', async ({ page, visit }) => {
    const t = tag();
    const email = `new-${t}@e2e.test`;
    await visit('/manager/users');
    await page.getByRole('link', { name: en('user:list.new') }).click();
    await expect(page).toHaveURL(/\/manager\/users\/new$/);
    await waitForHydration(page);
    await field(page, en('user:form.name')).fill(`Nina ${t}`);
    await field(page, en('user:form.email')).fill(email);
    await page.getByRole('button', { name: en('user:create.submit') }).click();
    await expect(page.getByText(en('user:create.success'))).toBeVisible();
    await expect(page).toHaveURL(DETAIL_URL);
    await expect(page.getByRole('heading', { level: 1, name: `Nina ${t}` })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    await visit('/manager/users/new');
    await field(page, en('user:form.name')).fill(`Other ${t}`);
    await field(page, en('user:form.email')).fill(email.toUpperCase());
    await select(page, en('user:form.role')).selectOption('admin');
    await page.getByRole('button', { name: en('user:create.submit') }).click();
    await expect(page.getByText(en('user:form.emailTaken'))).toBeVisible();
    await expect(field(page, en('user:form.email'))).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, en('user:form.name'))).toHaveValue(`Other ${t}`);
    await expect(field(page, en('user:form.email'))).toHaveValue(email.toUpperCase());
    await expect(select(page, en('user:form.role'))).toHaveValue('admin');
    await expect(page).toHaveURL(/\/manager\/users\/new$/);
  });

  test('set a role, update, then delete by typing the address', async ({ page, visit }) => {
    const t = tag();
    const email = `role-${t}@e2e.test`;
    await createUser(page, { name: `Rae ${t}`, email, role: 'user' });
    await visit(`/manager/users?searchTerm=role-${t}`);
    await rows(page).first().getByRole('link').click();
    await expect(page).toHaveURL(DETAIL_URL);
    await waitForHydration(page);
    const detail = page.url();

    await openUserActions(page);
    await page.getByRole('button', { name: en('user:setRole.action') }).click();
    const roleDialog = page.getByRole('dialog', { name: en('user:setRole.title') });
    await roleDialog.getByRole('combobox', { name: en('user:form.role') }).selectOption('admin');
    await roleDialog.getByRole('button', { name: en('user:setRole.confirm') }).click();
    await expect(page.getByText(en('user:setRole.success', { role: en('user:roles.admin') }))).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: en('user:detail.profile') })
        .getByText(en('user:roles.admin'), { exact: true }),
    ).toBeVisible();

    await page.getByRole('link', { name: en('user:detail.edit') }).click();
    await expect(page).toHaveURL(/\/update$/);
    await waitForHydration(page);
    await expect(select(page, en('user:form.role'))).toHaveValue('admin');
    await field(page, en('user:form.name')).fill(`Rae Renamed ${t}`);
    await page.getByRole('button', { name: en('user:update.submit') }).click();
    await expect(page.getByText(en('user:update.success'))).toBeVisible();
    await expect(page).toHaveURL(detail);
    await expect(page.getByRole('heading', { level: 1, name: `Rae Renamed ${t}` })).toBeVisible();

    await openUserActions(page);
    await page.getByRole('button', { name: en('user:delete.action') }).click();
    const dialog = page.getByRole('dialog', { name: en('user:delete.title') });
    const confirm = dialog.getByRole('button', { name: en('user:delete.action') });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox').fill(`other-${email}`);
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox').fill(email);
    await confirm.click();
    await expect(page.getByText(en('user:delete.success'))).toBeVisible();
    await expect(page).toHaveURL(/\/manager\/users$/);
    await page.goto(detail);
    await expect(page.getByRole('heading', { level: 1, name: en('errors.notFound') })).toBeVisible();
  });

  test('your own page hides set role and delete; your own role is read-only', async ({ page, visit }) => {
    const session = await page.request.get(`${ORIGIN}/api/auth/get-session`);
    const { user } = (await session.json()) as { user: { id: string } };
    await visit(`/manager/users/${user.id}`);
    await expect(page.getByRole('link', { name: en('user:detail.edit') })).toBeVisible();
    // Nothing else may be done to oneself here: no role, ban, sign-in-as or deletion, so no menu.
    await expect(page.getByRole('button', { name: en('user:detail.moreActions') })).toHaveCount(0);
    await expect(page.getByRole('button', { name: en('user:setRole.action') })).toHaveCount(0);
    await expect(page.getByRole('button', { name: en('user:delete.action') })).toHaveCount(0);
    await visit(`/manager/users/${user.id}/update`);
    await expect(select(page, en('user:form.role'))).toBeDisabled();
    await expect(page.getByText(en('user:form.ownRole'))).toBeVisible();
  });
});

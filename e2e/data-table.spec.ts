// Lists as data tables from 768 px and as rows on phones: the sticky header, sorting by a header through the
// URL (kept by a reload), the row menu and its Edit, the users' filters behind one button on a phone with the
// first row in view, and accessibility with a menu or sheet open. Seeded data: 36 repositories, 100 users.
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { listRows } from './support/list';
import { joinAcme, signInAdmin } from './support/session';
import { en, escapeRegExp } from './support/text';

const REPOSITORIES = en('repository:pages.list');
const USERS = en('user:pages.list');

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The names in the first `count` rows, from each row's link (the one link a row has). */
async function firstNames(rows: Locator, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) names.push((await rows.nth(i).getByRole('link').innerText()).trim());
  return names;
}

/** Code-point order: the seeded names are lower-case ASCII, where every collation agrees with it. */
const ascending = (names: string[]) => names.toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** A sortable header's button: exactly its column's name (a row's name may contain "name"). */
const sortButton = (table: Locator, name: string) => table.getByRole('button', { name, exact: true });

const header = (table: Locator, name: string) =>
  table.getByRole('columnheader', { name: new RegExp(`^${escapeRegExp(name)}`) });

/** A row menu's button or panel: named after the row, exactly (isolates keep a Latin name in order). */
const rowMenu = (name: string) => ({
  name: en('dataTable.rowActions', { name: `\u2068${name}\u2069` }),
  exact: true,
});

/** The signed-in admin's address: each test has an admin of its own. */
let ownEmail = '';

test.beforeEach(async ({ page }) => {
  ownEmail = await signInAdmin(page, { name: 'Tabitha Tables' });
});

test('desktop: the repository table sorts by a header, in the URL, kept by a reload', async ({
  page,
  visit,
}) => {
  test.skip(isPhone(page), 'the table is for screens from 768 px');
  await visit('/manager/repositories');
  const table = page.getByRole('table', { name: REPOSITORIES });
  await expect(table).toBeVisible();
  // The phone list is in the page too, hidden: one layout at a time.
  await expect(page.getByRole('list', { name: REPOSITORIES })).toHaveCount(0);
  const rows = listRows(page, REPOSITORIES);
  await expect(rows).toHaveCount(20);
  await expect(header(table, en('repository:list.columns.created'))).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const newest = await firstNames(rows, 5);

  await sortButton(table, en('repository:list.columns.name')).click();
  await expect(page).toHaveURL(/[?&]sort=name&order=asc$/);
  await expect(header(table, en('repository:list.columns.name'))).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(table, en('repository:list.columns.created'))).not.toHaveAttribute('aria-sort');
  await expect(rows.first().getByRole('link')).not.toHaveText(newest[0] ?? '');
  const aToZ = await firstNames(rows, 5);
  expect(aToZ).toEqual(ascending(aToZ));
  expect(aToZ).not.toEqual(newest);

  await page.reload();
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await expect(header(table, en('repository:list.columns.name'))).toHaveAttribute('aria-sort', 'ascending');
  expect(await firstNames(rows, 5)).toEqual(aToZ);

  // Again: Z to A. Descending is the default direction, so the URL leaves it out.
  await sortButton(table, en('repository:list.columns.name')).click();
  await expect(page).toHaveURL(/[?&]sort=name$/);
  await expect(header(table, en('repository:list.columns.name'))).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first().getByRole('link')).not.toHaveText(aToZ[0] ?? '');
  const zToA = await firstNames(rows, 5);
  expect(zToA).toEqual(ascending(zToA).toReversed());
  await expectAccessible(page);
});

test('desktop: the header stays under the bar while the rows scroll', async ({ page, visit }) => {
  test.skip(isPhone(page), 'the table is for screens from 768 px');
  await visit('/manager/users');
  const table = page.getByRole('table', { name: USERS });
  const nameHeader = header(table, en('user:list.columns.name'));
  const first = listRows(page, USERS).first();
  await expect(first).toBeInViewport();
  await page.mouse.move(640, 500);
  await page.mouse.wheel(0, 900);
  await expect(first).not.toBeInViewport();
  // Stuck under the area's 56 px bar, where it stays in view.
  await expect(async () => {
    const box = await nameHeader.boundingBox();
    expect(box?.y).toBeCloseTo(56, 0);
  }).toPass();
  await expect(nameHeader).toBeInViewport();
});

test("desktop: a row's menu holds its actions; Edit opens the edit page", async ({ page, visit }) => {
  test.skip(isPhone(page), 'row menus are in the table, from 768 px');
  await visit('/manager/repositories?searchTerm=react');
  const row = listRows(page, REPOSITORIES).filter({
    has: page.getByRole('link', { name: 'react', exact: true }),
  });
  const trigger = row.getByRole('button', rowMenu('react'));
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('group', rowMenu('react'));
  await expect(menu.getByRole('link', { name: en('dataTable.view') })).toBeVisible();
  await expect(menu.getByRole('link', { name: new RegExp(en('repository:list.openLink')) })).toHaveAttribute(
    'href',
    'https://github.com/facebook/react',
  );
  await expect(menu.getByRole('button', { name: en('repository:delete.action') })).toBeVisible();
  await expectAccessible(page);

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Enter');
  await menu.getByRole('link', { name: en('repository:detail.edit') }).click();
  await expect(page).toHaveURL(/\/manager\/repositories\/[0-9a-f-]{36}\/update$/);
  await expect(page.getByRole('heading', { level: 1, name: en('repository:pages.update') })).toBeVisible();
  await expect(page.getByRole('textbox', { name: en('repository:form.name.label') })).toHaveValue('react');
});

test('desktop: users sort by e-mail from the header; your own row has no Delete', async ({ page, visit }) => {
  test.skip(isPhone(page), 'the table is for screens from 768 px');
  await visit('/manager/users?searchTerm=example.com');
  const table = page.getByRole('table', { name: USERS });
  await sortButton(table, en('user:list.columns.email')).click();
  await expect(page).toHaveURL(/sort=email&order=asc/);
  await expect(header(table, en('user:list.columns.email'))).toHaveAttribute('aria-sort', 'ascending');
  // The select above the table says the same.
  await expect(page.getByRole('combobox', { name: en('user:list.sort'), exact: true })).toHaveValue(
    'email:asc',
  );

  await page.getByRole('button', rowMenu('Admin')).click();
  const menu = page.getByRole('group', rowMenu('Admin'));
  await expect(menu.getByRole('link', { name: en('user:detail.edit') })).toBeVisible();
  await expect(menu.getByRole('button', { name: en('user:delete.action') })).toBeVisible();
  await page.keyboard.press('Escape');

  await visit(`/manager/users?searchTerm=${encodeURIComponent(ownEmail)}`);
  await page.getByRole('button', rowMenu('Tabitha Tables')).click();
  const own = page.getByRole('group', rowMenu('Tabitha Tables'));
  await expect(own.getByRole('link', { name: en('user:detail.edit') })).toBeVisible();
  await expect(own.getByRole('button', { name: en('user:delete.action') })).toHaveCount(0);
});

test(
  'every list shows its first row without scrolling; a phone gets one Filters button',
  { tag: '@mobile' },
  async ({ page, visit }) => {
    await visit('/manager/users');
    await expect(listRows(page, USERS).first()).toBeInViewport();
    const filters = page.getByRole('button', {
      name: new RegExp(`^${escapeRegExp(en('listOptions.filters'))}`),
    });
    const inlineRole = page.getByRole('combobox', { name: en('user:list.role'), exact: true });
    if (!isPhone(page)) {
      await expect(page.getByRole('table', { name: USERS })).toBeVisible();
      await expect(inlineRole).toBeVisible();
      await expect(filters).toBeHidden();
      return;
    }
    await expect(page.getByRole('table', { name: USERS })).toHaveCount(0);
    await expect(inlineRole).toHaveCount(0);
    await expect(filters).toHaveAccessibleName(en('listOptions.filters'));

    await filters.click();
    const sheet = page.getByRole('dialog', { name: en('listOptions.filters') });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('combobox')).toHaveCount(3);
    await sheet.getByRole('combobox', { name: en('user:list.status'), exact: true }).selectOption('active');
    await expect(page).toHaveURL(/status=active/);
    await expectAccessible(page);
    await sheet.getByRole('button', { name: en('listOptions.done') }).click();
    await expect(sheet).toBeHidden();
    await expect(filters).toHaveAccessibleName(
      `${en('listOptions.filters')} ${en('listOptions.active', { count: 1 })}`,
    );
    await expect(listRows(page, USERS).first()).toBeInViewport();
    await expect(listRows(page, USERS).first()).toContainText(en('user:status.active'));

    // The platform's repositories: the organization filter and the order share the Filters sheet.
    await visit('/manager/repositories');
    await expect(listRows(page, REPOSITORIES).first()).toBeInViewport();
    await expect(filters).toHaveAccessibleName(en('listOptions.filters'));
    await expect(page.getByRole('button', { name: en('listOptions.sort') })).toHaveCount(0);
    // An organization's repositories (Acme's) have the order only: one Sort button.
    const leaveAcme = await joinAcme(page);
    await visit('/app/repositories');
    await expect(listRows(page, REPOSITORIES).first()).toBeInViewport();
    await expect(page.getByRole('button', { name: en('listOptions.sort') })).toBeVisible();
    await expect(filters).toHaveCount(0);
    await leaveAcme();
  },
);

// The end-user area: navigation on desktop and phone, home, the repository list (search, pages) and the
// repository detail, as a member of the seeded Acme. Seeded data: Acme's 36 repositories
// (src/server/db/seed/data.ts).
import type { Page } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { listRows } from './support/list';
import { roleState } from './support/roles';
import { en, enPattern, escapeRegExp } from './support/text';

/** The list's own status region: the page also has the navigation progress's, outside the main landmark. */
const listStatus = (page: Page) => page.getByRole('main').getByRole('status');

/** A list status line; the search term inside it is wrapped in bidi isolates (U+2068…U+2069). */
const statusText = (key: string, values: { count?: number; term: string }) =>
  new RegExp(`^${enPattern(key, { ...values, term: `\u2068${values.term}\u2069` })}$`);

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The navigation the user can see: the tab bar on a phone, the header's on a desktop. */
const visibleNav = (page: Page) => page.getByRole('navigation', { name: en('nav.label') });

// Every journey here only reads: one member signs in per worker, and each test starts from that state.
test.use({ storageState: async ({ browser }, provide) => provide(await roleState(browser, 'acme-member')) });

test('home greets the user by name and leads into the app', async ({ page, visit }) => {
  await visit('/app');
  await expect(
    page.getByRole('heading', { level: 1, name: en('home.greeting', { name: 'Grace Hopper' }) }),
  ).toBeVisible();
  // A plain user is not offered the manager area.
  await expect(page.getByRole('link', { name: new RegExp(escapeRegExp(en('home.manager'))) })).toHaveCount(0);
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(escapeRegExp(en('repository:nav'))) })
    .click();
  await expect(page).toHaveURL(/\/app\/repositories$/);
});

test('the navigation marks the current page', { tag: '@mobile' }, async ({ page, visit }) => {
  await visit('/app');
  const nav = visibleNav(page);
  await expect(nav).toBeVisible();
  if (isMobile(page)) {
    // Phone: the bar sits at the bottom of the screen.
    const box = await nav.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(800);
  }
  await expect(nav.getByRole('link', { name: en('nav.home') })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: en('repository:nav') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('repository:pages.list') })).toBeVisible();
  await expect(nav.getByRole('link', { name: en('repository:nav') })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: en('nav.home') })).not.toHaveAttribute('aria-current');
  await nav.getByRole('link', { name: en('nav.account') }).click();
  await expect(nav.getByRole('link', { name: en('nav.account') })).toHaveAttribute('aria-current', 'page');
});

test('repositories: load more until the end', async ({ page, visit }) => {
  await visit('/app/repositories');
  const rows = listRows(page, en('repository:pages.list'));
  await expect(rows).toHaveCount(20);
  await expect(
    page.getByText(en('dataList.showing', { shown: 20, total: 36 }), { exact: true }).first(),
  ).toBeVisible();
  const loadMore = page.getByRole('button', { name: en('dataList.loadMore') });
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(36);
  await expect(
    page.getByText(en('dataList.showing', { shown: 36, total: 36 }), { exact: true }).first(),
  ).toBeVisible();
  await expect(loadMore).toHaveCount(0);
});

test('repositories: search by name, kept in the URL, cleared with Escape', async ({ page, visit }) => {
  await visit('/app/repositories');
  const search = page.getByRole('searchbox', { name: en('search.label') });
  await search.pressSequentially('TanStack', { delay: 30 });
  await expect(page).toHaveURL(/searchTerm=TanStack/);
  const rows = listRows(page, en('repository:pages.list'));
  await expect(rows).toHaveCount(2);
  await expect(listStatus(page)).toHaveText(statusText('dataList.results', { count: 2, term: 'TanStack' }));
  await expectAccessible(page);

  // Reloading keeps the search.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('searchbox', { name: en('search.label') })).toHaveValue('TanStack');
  await expect(rows).toHaveCount(2);

  await page.getByRole('searchbox', { name: en('search.label') }).fill('no such repository');
  await expect(listStatus(page)).toHaveText(statusText('dataList.noResults', { term: 'no such repository' }));
  await page.getByRole('searchbox', { name: en('search.label') }).press('Escape');
  await expect(page).toHaveURL(/\/app\/repositories$/);
  await expect(rows).toHaveCount(20);
});

test('repositories: Back leaves the list instead of replaying the search', async ({ page, visit }) => {
  await visit('/app');
  await page
    .getByRole('navigation', { name: en('nav.label') })
    .getByRole('link', { name: en('repository:nav') })
    .click();
  await waitForHydration(page);
  await page.getByRole('searchbox', { name: en('search.label') }).pressSequentially('react', { delay: 150 });
  await expect(page).toHaveURL(/searchTerm=react/);
  await page.goBack();
  await expect(page).toHaveURL(/\/app$/);
});

test(
  'repository detail: external link, dates, back to the list',
  { tag: '@mobile' },
  async ({ page, visit }) => {
    await visit('/app/repositories?searchTerm=vitest');
    await page.getByRole('link', { name: /^vitest/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'vitest' })).toBeVisible();
    await expect(page).toHaveTitle(`vitest | ${appConfig.name}`);
    const link = page.getByRole('link', { name: /github\.com\/vitest-dev\/vitest/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByText(en('repository:detail.created'))).toBeVisible();
    await expectAccessible(page);

    const tabBar = page.getByRole('navigation', { name: en('nav.label') });
    // On a phone the detail takes the whole screen: no tab bar, no header; on a desktop the header stays.
    await expect(tabBar).toHaveCount(isMobile(page) ? 0 : 1);
    if (isMobile(page)) await expect(tabBar).toBeHidden();

    await page.getByRole('button', { name: en('actions.back') }).click();
    await expect(page).toHaveURL(/\/app\/repositories\?searchTerm=vitest$/);
    await expect(listRows(page, en('repository:pages.list'))).toHaveCount(1);
  },
);

test('an unknown repository shows the 404 page', async ({ page, visit }) => {
  const response = await visit('/app/repositories/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: en('errors.notFound') })).toBeVisible();
  await visit('/app/repositories/not-a-uuid');
  await expect(page.getByRole('heading', { level: 1, name: en('errors.notFound') })).toBeVisible();
});

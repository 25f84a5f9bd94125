// The manager area's shell and dashboard: the /manager redirect, the grouped sidebar with its current
// page, Ctrl/Cmd+B with the state kept in a cookie (server-rendered, no flash), the phone sheet, the
// user menu, the dashboard's figures against the seeded data, the 403 page for a plain user, and axe in
// en and ar, light and dark. Seed: src/server/db/seed/seed.ts (2 fixed + 98 generated users, 36 repositories).
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { newEmail, signIn, signInAdmin } from './support/session';
import { en, enPattern, text } from './support/text';

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
const sidebar = (page: Page) => page.getByRole('complementary');
const toggle = (page: Page) => page.getByRole('button', { name: en('sidebar.toggle') });

/** Generated seed users created less than `days` whole days before the seed ran (seed.ts spreads them). */
function seededWithin(days: number): number {
  return Array.from({ length: 98 }, (_, i) => (i * 37) % 60).filter((d) => d < days).length;
}

/** Reads that race the other worker's writes: each round reloads, so a few rounds settle it. */
const RACE = { timeout: 20_000 };

/** The dashboard's figures by their labels, as numbers. */
async function figures(page: Page): Promise<Record<string, number>> {
  const list = page.getByRole('region', { name: en('dashboard:figures.label') });
  await expect(list.getByRole('definition')).toHaveCount(6);
  const terms = await list.getByRole('term').allTextContents();
  const values = await list.getByRole('definition').allTextContents();
  return Object.fromEntries(terms.map((term, i) => [term, Number((values[i] ?? '').replace(/\D/g, ''))]));
}

test('/manager opens the dashboard; the sidebar marks the current page', async ({ page, visit }) => {
  await signInAdmin(page);
  await visit('/manager');
  await expect(page).toHaveURL(/\/manager\/dashboard$/);
  const nav = sidebar(page).getByRole('navigation', { name: en('nav.label') });
  await expect(nav.getByRole('list', { name: en('sidebar.groups.application') })).toBeVisible();
  await expect(nav.getByRole('list', { name: en('sidebar.groups.configuration') })).toBeVisible();
  await expect(nav.getByRole('link', { name: en('nav.dashboard') })).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: en('repository:nav') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('repository:pages.list') })).toBeVisible();
  await expect(nav.getByRole('link', { name: en('repository:nav') })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: en('nav.dashboard') })).not.toHaveAttribute('aria-current');

  await nav.getByRole('link', { name: en('user:nav') }).click();
  await expect(page).toHaveURL(/\/manager\/users$/);
  await expect(nav.getByRole('link', { name: en('user:nav') })).toHaveAttribute('aria-current', 'page');
});

test('Ctrl+B collapses the sidebar, not while typing; the state survives a reload', async ({
  page,
  visit,
}) => {
  await signInAdmin(page);
  await visit('/manager/repositories');
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  const wide = (await sidebar(page).boundingBox())?.width ?? 0;

  // In the search field Ctrl+B belongs to the text.
  await page.getByRole('searchbox', { name: en('search.label') }).focus();
  await page.keyboard.press('Control+b');
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');

  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Control+b');
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
  await expect.poll(async () => (await sidebar(page).boundingBox())?.width ?? 0).toBeLessThan(wide / 2);
  // Icons only, names kept for assistive technology.
  await expect(sidebar(page).getByRole('link', { name: en('user:nav') })).toBeVisible();
  await expectAccessible(page);

  // The server renders the remembered state: no expanded flash before hydration.
  const html = await (await page.request.get('/manager/repositories')).text();
  expect(html).toContain('data-state="collapsed"');
  await page.reload();
  await waitForHydration(page);
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');

  await page.keyboard.press('Meta+b');
  await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
  await toggle(page).click();
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
});

test('/ goes to the search and ? lists the shortcuts, never while typing; in English and Arabic', async ({
  page,
  visit,
}) => {
  await signInAdmin(page);
  await visit('/manager/users');
  const search = page.getByRole('searchbox', { name: en('search.label') });
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.type('?');
  await expect(search).toHaveValue('?');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('?');
  const list = page.getByRole('dialog', { name: en('shortcuts.title') });
  await expect(list.getByRole('term')).toHaveText([
    en('shortcuts.search'),
    en('shortcuts.palette'),
    en('shortcuts.help'),
    en('shortcuts.sidebar'),
    en('shortcuts.close'),
  ]);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();

  // The app area too, in Arabic (right to left): no sidebar there, so no Ctrl+B.
  await visit('/app/repositories?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: text('ar', 'search.label') })).toBeFocused();
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('?');
  const arabic = page.getByRole('dialog', { name: text('ar', 'shortcuts.title') });
  await expect(arabic.getByRole('term')).toHaveText([
    text('ar', 'shortcuts.search'),
    text('ar', 'shortcuts.palette'),
    text('ar', 'shortcuts.help'),
    text('ar', 'shortcuts.close'),
  ]);
  await expectAccessible(page);
});

test('on a phone the menu opens as a sheet from the top bar', { tag: '@mobile' }, async ({ page, visit }) => {
  test.skip(!isMobile(page), 'the sheet replaces the sidebar below 768 px');
  await signInAdmin(page);
  await visit('/manager/dashboard');
  await expect(sidebar(page)).toBeHidden();
  await page.getByRole('button', { name: en('sidebar.openMenu') }).click();
  const sheet = page.getByRole('dialog', { name: en('sidebar.menu') });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('link', { name: en('nav.dashboard') })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectAccessible(page);
  await sheet.getByRole('link', { name: en('repository:nav') }).click();
  await expect(page).toHaveURL(/\/manager\/repositories$/);
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: en('repository:pages.list') })).toBeVisible();
});

test(
  'the user menu shows who is signed in and opens the app',
  { tag: '@mobile' },
  async ({ page, visit }) => {
    const email = await signInAdmin(page, { name: 'Mira Manager' });
    await visit('/manager/dashboard');
    const button = page.getByRole('button', { name: en('userMenu.label') }).filter({ visible: true });
    await button.click();
    const menu = page.getByRole('group', { name: en('userMenu.label') }).filter({ visible: true });
    await expect(menu).toContainText('Mira Manager');
    await expect(menu).toContainText(email);
    await expect(menu.getByRole('combobox', { name: en('preferences.theme') })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await menu.getByRole('link', { name: en('nav.account'), exact: true }).click();
    await expect(page).toHaveURL(/\/manager\/account$/);
    await button.click();
    await menu.getByRole('link', { name: en('sidebar.openApp') }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(
      page.getByRole('heading', { level: 1, name: en('home.greeting', { name: 'Mira Manager' }) }),
    ).toBeVisible();
  },
);

test('the dashboard figures match the data', async ({ page, visit }) => {
  await signInAdmin(page);
  await visit('/manager/dashboard');
  const totalUsers = async () => {
    const answer = await page.request.get('/api/auth/admin/list-users?limit=1');
    return ((await answer.json()) as { total: number }).total;
  };
  let shown = await figures(page);
  let total = await totalUsers();
  // Tests in the other worker add and delete users: the page and the API agree when nothing changed between
  // the two reads, so a disagreement is read again (a wrong figure stays wrong and fails).
  await expect
    .poll(async () => {
      if (shown[en('dashboard:figures.totalUsers')] !== total) {
        await page.reload();
        shown = await figures(page);
        total = await totalUsers();
      }
      return shown[en('dashboard:figures.totalUsers')] === total;
    }, RACE)
    .toBe(true);
  expect(total).toBeGreaterThanOrEqual(100);
  // The two fixed accounts, the generated ones of the last week, and this admin were all created this week.
  expect(shown[en('dashboard:figures.newUsers')]).toBeGreaterThanOrEqual(seededWithin(7) + 3);
  expect(shown[en('dashboard:figures.newUsers')]).toBeLessThanOrEqual(total);
  expect(shown[en('dashboard:figures.activeUsers')]).toBeGreaterThanOrEqual(1);
  expect(shown[en('dashboard:figures.bannedUsers')]).toBeLessThanOrEqual(total);

  // Sign-ups per day: 30 rows, at least the seeded ones of the last 4 weeks.
  const table = page.getByRole('table', { name: en('dashboard:chart.title') });
  await expect(table.getByRole('row')).toHaveCount(31);
  const counts = await table.getByRole('cell').allTextContents();
  const sum = counts.reduce((acc, cell) => acc + Number(cell.replace(/\D/g, '')), 0);
  expect(sum).toBeGreaterThanOrEqual(seededWithin(29) + 3);
  await expect(page.getByRole('heading', { level: 2, name: en('dashboard:activity.title') })).toBeVisible();

  // The repository and organization counts are their lists' totals. The other worker creates both (every
  // new account gets a workspace), so a disagreement is read again from both pages, as above.
  for (const [figure, path] of [
    ['dashboard:figures.repositories', '/manager/repositories'],
    ['dashboard:figures.organizations', '/manager/organizations'],
  ] as const) {
    await expect
      .poll(async () => {
        await visit('/manager/dashboard');
        const onDashboard = (await figures(page))[en(figure)];
        await visit(path);
        return onDashboard === (await listedTotal(page));
      }, RACE)
      .toBe(true);
  }
  expect(await listedTotal(page)).toBeGreaterThanOrEqual(2);
});

/** The "Showing n of N" total of the list on the page. */
async function listedTotal(page: Page): Promise<number> {
  const showing = enPattern('dataList.showing', { shown: /\d+/, total: /(\d+)/ });
  const status = page.getByText(new RegExp(`^${showing}$`)).first();
  await expect(status).toBeVisible();
  return Number(new RegExp(showing).exec((await status.textContent()) ?? '')?.[1]);
}

test('a plain user gets the 403 page at /manager', async ({ page }) => {
  await signIn(page, newEmail('plain'), { name: 'Pat Plain' });
  const response = await page.goto('/manager');
  expect(response?.status()).toBe(403);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: en('errors.forbidden') })).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
});

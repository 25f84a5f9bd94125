// The platform's organizations in the manager area: the list (search in the URL), an organization's page
// (members, the pending invitation, teams, its repositories through the filtered repository list), deleting
// one by typing its name, and the 403 page for a user without manager rights. Seeded data: Globex (12
// members, 3 repositories, team Operations, a pending invitation to new.colleague@example.com). Acme and
// Globex stay as they are: other files rely on them; the deletion journey deletes a workspace of its own.
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, closeToasts } from './fixtures';
import { listRows } from './support/list';
import { newEmail, signIn, signInAdmin } from './support/session';
import { en, plain } from './support/text';

const organizationRows = (page: Page) => listRows(page, en('organization:manager.pages.list'));
const search = (page: Page) => page.getByRole('searchbox', { name: en('search.label') });

test.describe('as an admin', () => {
  test.beforeEach(async ({ page }) => {
    await signInAdmin(page, { name: 'Olga Organizations' });
  });

  test('finds Globex, sees its members and invitation, and opens its repositories', async ({
    page,
    visit,
  }) => {
    await visit('/manager');
    await page
      .getByRole('navigation')
      .getByRole('link', { name: en('organization:manager.nav') })
      .first()
      .click();
    await expect(page).toHaveURL(/\/manager\/organizations$/);

    await search(page).fill('GLOBEX');
    await expect(page).toHaveURL(/searchTerm=GLOBEX/);
    await expect(organizationRows(page)).toHaveCount(1);
    const row = organizationRows(page).first();
    await expect(row).toContainText('Globex');
    await expect(row.getByRole('cell').nth(1)).toHaveText('12');
    await expect(row.getByRole('cell').nth(2)).toHaveText('3');
    // The view survives a reload.
    await page.reload();
    await expect(search(page)).toHaveValue('GLOBEX');
    await expect(organizationRows(page)).toHaveCount(1);

    await organizationRows(page).first().getByRole('link', { name: 'Globex' }).click();
    await expect(page).toHaveURL(/\/manager\/organizations\/globex$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Globex' })).toBeVisible();
    const members = page.getByRole('list', {
      name: en('organization:manager.detail.members', { count: 12 }),
    });
    await expect(members.getByRole('listitem')).toHaveCount(12);
    // Owners first: the first generated user owns Globex; each member links to their user page.
    await expect(members.getByRole('listitem').first()).toContainText(en('organization:roles.owner'));
    await expect(members.getByRole('link').first()).toHaveAttribute('href', /^\/manager\/users\/[^/]+$/);
    const invitations = page.getByRole('list', {
      name: en('organization:manager.detail.invitations', { count: 1 }),
    });
    await expect(invitations.getByRole('listitem')).toHaveCount(1);
    await expect(invitations).toContainText('new.colleague@example.com');
    const teams = page.getByRole('list', { name: en('organization:manager.detail.teams', { count: 1 }) });
    await expect(teams).toContainText('Operations');
    // Its API keys (never a secret): the seeded one, revoked from here once confirmed.
    const keys = page.getByRole('region', { name: en('api-key:section.title') });
    const key = keys.getByTestId('api-key').filter({ hasText: 'Reporting' });
    await expect(key).toContainText('repositories:read');
    await expectAccessible(page);
    await key.getByRole('button', { name: en('api-key:revoke.label', { name: 'Reporting' }) }).click();
    await page
      // The title isolates the key's name (\u2068…\u2069) inside the sentence.
      .getByRole('dialog', { name: /Reporting/ })
      .getByRole('button', { name: en('api-key:revoke.confirm') })
      .click();
    await expect(page.getByText(en('api-key:revoke.done', { name: 'Reporting' }))).toBeVisible();
    await expect(key).toHaveCount(0);

    await page.getByRole('link', { name: en('organization:manager.detail.showRepositories') }).click();
    await expect(page).toHaveURL(/\/manager\/repositories\?organizationId=globex$/);
    const repositories = listRows(page, en('repository:pages.list'));
    await expect(repositories).toHaveCount(3);
    for (const repository of await repositories.all()) await expect(repository).toContainText('Globex');
    await expect(
      page.getByRole('combobox', { name: en('organization:manager.repositoryFilter.label') }),
    ).toHaveValue('globex');
    // Back to every organization's repositories.
    await page
      .getByRole('combobox', { name: en('organization:manager.repositoryFilter.label') })
      .selectOption('');
    await expect(page).toHaveURL(/\/manager\/repositories$/);
    await expect(repositories).toHaveCount(20);
  });

  test('deletes an organization once its name is typed, with everything in it', async ({
    page,
    browser,
    visit,
  }) => {
    // A throwaway organization: a new user's own workspace, made when they first open the app.
    const tag = `${Date.now().toString(36)}${randomInt(1000)}`;
    const name = `Tess ${tag}`;
    const owner = await browser.newPage();
    await signIn(owner, newEmail('throwaway'), { name });
    const workspace = en('organization:workspace.name', { name });
    await owner.close();

    await visit(`/manager/organizations?searchTerm=${encodeURIComponent(tag)}`);
    await expect(organizationRows(page)).toHaveCount(1);
    await organizationRows(page).first().getByRole('link', { name: workspace }).click();
    await expect(page.getByRole('heading', { level: 1, name: workspace })).toBeVisible();
    const detailUrl = page.url();
    const members = page.getByRole('list', { name: en('organization:manager.detail.members', { count: 1 }) });
    await expect(members).toContainText(name);
    await expect(members).toContainText(en('organization:roles.owner'));

    await page.getByRole('button', { name: en('organization:manager.detail.moreActions') }).click();
    await page.getByRole('button', { name: en('organization:manager.delete.action') }).click();
    const dialog = page.getByRole('dialog', { name: en('organization:manager.delete.title') });
    const confirm = dialog.getByRole('button', { name: en('organization:manager.delete.action') });
    const typed = dialog.getByRole('textbox', {
      name: plain(en('organization:manager.delete.typeName', { name: workspace })),
    });
    await typed.fill('Tess');
    await expect(confirm).toBeDisabled();
    await typed.fill(workspace);
    await confirm.click();

    await expect(page).toHaveURL(/\/manager\/organizations$/);
    await expect(page.getByText(en('organization:manager.delete.done', { name: workspace }))).toBeVisible();
    await closeToasts(page);
    await search(page).fill(tag);
    await expect(page).toHaveURL(new RegExp(`searchTerm=${tag}`));
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      en('dataList.noResults', { term: `\u2068${tag}\u2069` }),
    );
    await expect(organizationRows(page)).toHaveCount(0);
    // Gone for good: its page is the 404 page.
    const response = await page.goto(detailUrl);
    expect(response?.status()).toBe(404);
  });
});

test('a user without manager rights gets the 403 page', async ({ page, visit }) => {
  await signIn(page, newEmail('plain'), { name: 'Paula Plain' });
  const response = await visit('/manager/organizations');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: en('errors.forbidden') })).toBeVisible();
  const detail = await visit('/manager/organizations/globex');
  expect(detail?.status()).toBe(403);
});

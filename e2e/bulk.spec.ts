// Bulk actions in the manager's lists: selecting users with a shift-click range, banning them with a reason
// (yourself skipped, with the reason), deleting repositories in bulk, the Arabic layout, and the read-only
// demo refusing a bulk action. Texts come from public/locales/en/*.json.
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { demoHeaders, demoOrigin, signInDemo } from './support/demo';
import { listRows } from './support/list';
import { callServerFn } from './support/server-fn';
import { newEmail, signIn, signInAdmin } from './support/session';
import { en, text } from './support/text';

const tag = () => `bk${Date.now().toString(36)}${randomInt(1000)}`;

/** A user made and onboarded in a browser context of their own (closed afterwards). */
async function makeUser(page: Page, name: string) {
  const context = await page.context().browser()?.newContext();
  if (!context) throw new Error('no browser');
  await signIn(await context.newPage(), newEmail('bulk'), { name });
  await context.close();
}

const rowBox = (page: Page, name: string) =>
  page.getByRole('table').getByRole('checkbox', { name: en('user:bulk.selectRow', { name }) });

test('an admin shift-selects three users, herself included, bans them and sees who was skipped', async ({
  page,
  visit,
}) => {
  // Three sign-ins with onboarding, then the list, the dialog and two accessibility checks.
  test.setTimeout(180_000);
  const t = tag();
  await signInAdmin(page, { name: `${t} Ada` });
  await makeUser(page, `${t} Bea`);
  await makeUser(page, `${t} Cal`);

  await visit(`/manager/users?searchTerm=${t}&sort=name&order=asc`);
  await expect(listRows(page)).toHaveCount(3);
  await rowBox(page, `${t} Ada`).click();
  await rowBox(page, `${t} Cal`).click({ modifiers: ['Shift'] });
  await expect(rowBox(page, `${t} Bea`)).toBeChecked();
  const bar = page.getByRole('region', { name: en('bulk.bar') });
  await expect(bar.getByRole('status')).toHaveText(en('bulk.selected', { count: 3 }));

  await bar.getByRole('button', { name: en('user:bulk.ban.action'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: en('user:bulk.ban.title', { count: 3 }) });
  for (const who of ['Ada', 'Bea', 'Cal']) await expect(dialog.getByText(`${t} ${who}`)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: en('user:ban.reason') }).fill('Spam wave');
  await dialog.getByRole('button', { name: en('user:bulk.ban.confirm') }).click();

  const summary = `${en('user:bulk.ban.done', { count: 2 })}, ${en('bulk.skipped', {
    count: 1,
    reason: en('user:ban.errors.YOU_CANNOT_BAN_YOURSELF'),
  })}`;
  await expect(page.getByText(summary)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The skipped row stays selected; the others carry their new badge.
  await expect(bar.getByRole('status')).toHaveText(en('bulk.selected', { count: 1 }));
  await expect(rowBox(page, `${t} Ada`)).toBeChecked();
  for (const who of ['Bea', 'Cal']) {
    await expect(listRows(page).filter({ hasText: `${t} ${who}` })).toContainText(en('user:status.banned'));
  }
  await expectAccessible(page);
});

test('the selection bar and its dialog read right to left in Arabic', async ({ page }) => {
  test.setTimeout(90_000);
  const t = tag();
  await signInAdmin(page, { name: `${t} Ada` });
  await makeUser(page, `${t} Bea`);
  await page.goto(`/manager/users?searchTerm=${t}&lng=ar`);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page
    .getByRole('table')
    .getByRole('checkbox', { name: text('ar', 'user:bulk.selectPage') })
    .check();
  const bar = page.getByRole('region', { name: text('ar', 'bulk.bar') });
  await expect(bar.getByRole('status')).toHaveText(text('ar', 'bulk.selected', { count: 2 }));
  await bar.getByRole('button', { name: text('ar', 'user:bulk.unban.action'), exact: true }).click();
  await expect(
    page.getByRole('dialog', { name: text('ar', 'user:bulk.unban.title', { count: 2 }) }),
  ).toBeVisible();
  await expectAccessible(page);
});

test('an admin deletes repositories in bulk', async ({ page, visit }) => {
  test.setTimeout(90_000);
  const t = tag();
  await signInAdmin(page);
  const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;
  const choices = await callServerFn(page.request, origin, {
    fn: 'src/features/organization/functions.ts#$listOrganizationChoices',
    method: 'GET',
  });
  const acme = (choices.result as { id: string; name: string }[]).find((choice) => choice.name === 'Acme');
  for (const n of [1, 2]) {
    const created = await callServerFn(page.request, origin, {
      fn: 'src/features/repository/functions.ts#$createPlatformRepository',
      method: 'POST',
      data: { name: `${t}-${n}`, link: 'example.com/bulk', description: null, organizationId: acme?.id },
    });
    expect(created.errorMessage).toBeUndefined();
  }

  await visit(`/manager/repositories?searchTerm=${t}`);
  await expect(listRows(page)).toHaveCount(2);
  await page
    .getByRole('table')
    .getByRole('checkbox', { name: en('repository:bulk.selectPage') })
    .check();
  const bar = page.getByRole('region', { name: en('bulk.bar') });
  await bar.getByRole('button', { name: en('repository:bulk.action') }).click();
  const dialog = page.getByRole('dialog', { name: en('repository:bulk.title', { count: 2 }) });
  await dialog.getByRole('button', { name: en('repository:bulk.confirm') }).click();
  await expect(page.getByText(en('repository:bulk.done', { count: 2 }))).toBeVisible();
  await expect(page.getByRole('main').getByRole('status').last()).toContainText(
    en('dataList.noResults', { term: `\u2068${t}\u2069` }),
  );
  await expect(bar).toBeHidden();
});

test('the read-only demo refuses a bulk action', async ({ page }) => {
  await signInDemo(page, appConfig.seed.adminEmail);
  const session = await page.request.get(`${demoOrigin()}/api/auth/get-session`, { headers: demoHeaders() });
  const { user } = (await session.json()) as { user: { id: string } };
  const refused = await callServerFn(page.request, demoOrigin(), {
    fn: 'src/features/user/functions.ts#$bulkUserAction',
    method: 'POST',
    data: { selection: { ids: [user.id] }, action: { type: 'unban' } },
    headers: demoHeaders(),
  });
  expect(refused.errorMessage).toBe('DEMO_MODE');
});

// Saved views of the manager's lists: an admin saves the users list's current view under a name, finds it
// in the sidebar (the sheet on a phone), opens the same filtered list from it, and renames and deletes it;
// a taken name keeps what was typed. In English and in Arabic (right to left). Texts come from
// public/locales/*/savedView.json. Who may call the functions: permissions.spec.ts.
import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test, closeToasts } from './fixtures';
import { signInAdmin } from './support/session';
import { en, text } from './support/text';

const tag = () => `${Date.now().toString(36)}${randomInt(1000)}`;
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The list's Role filter: inline from 768 px, behind "Filters" on a phone. */
async function chooseRole(page: Page, role: string) {
  if (!isPhone(page)) {
    await page.getByRole('combobox', { name: en('user:list.role'), exact: true }).selectOption(role);
    return;
  }
  await page.getByRole('button', { name: new RegExp(`^${en('listOptions.filters')}`) }).click();
  const sheet = page.getByRole('dialog', { name: en('listOptions.filters') });
  await sheet.getByRole('combobox', { name: en('user:list.role'), exact: true }).selectOption(role);
  await sheet.getByRole('button', { name: en('listOptions.done') }).click();
  await expect(sheet).toBeHidden();
}

/** The navigation, in the sidebar from 768 px or in the sheet a phone opens from its top bar. */
async function navigation(page: Page, lng = 'en'): Promise<Locator> {
  if (!isPhone(page)) return page.getByRole('complementary').getByRole('navigation');
  await page.getByRole('button', { name: text(lng, 'sidebar.openMenu') }).click();
  return page.getByRole('dialog', { name: text(lng, 'sidebar.menu') }).getByRole('navigation');
}

/** A saved view's link: its name, and its list for screen readers. */
const viewLink = (scope: Locator, name: string, lng = 'en') =>
  scope.getByRole('link', { name: `${name} (${text(lng, 'user:nav')})`, exact: true });

async function saveView(page: Page, name: string, lng = 'en') {
  await page.getByRole('button', { name: text(lng, 'savedView:save.button'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text(lng, 'savedView:save.title') });
  const field = dialog.getByRole('textbox', { name: text(lng, 'savedView:save.name') });
  await field.fill(name);
  await dialog.getByRole('button', { name: text(lng, 'savedView:save.submit'), exact: true }).click();
  return { dialog, field };
}

test(
  'save the users list view, open it from the sidebar, rename it and delete it',
  { tag: '@mobile' },
  async ({ page, visit }) => {
    // A long journey: sign-in, two saves, four navigations, rename and delete, with axe on the way.
    test.setTimeout(180_000);
    await signInAdmin(page, { name: 'Vera Views' });
    const name = `Admins ${tag()}`;
    await visit('/manager/users');
    // The bare list is the defaults: nothing to save.
    await expect(page.getByRole('button', { name: en('savedView:save.button') })).toHaveCount(0);

    await chooseRole(page, 'admin');
    await expect(page).toHaveURL(/role=admin/);
    await page.getByRole('button', { name: en('savedView:save.button'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: en('savedView:save.title') });
    // A name to start from, in the list's words.
    await expect(dialog.getByRole('textbox', { name: en('savedView:save.name') })).toHaveValue(
      en('user:roles.admin'),
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: en('savedView:save.cancel') }).click();

    await saveView(page, name);
    await expect(page.getByText(en('savedView:save.done', { name }))).toBeVisible();
    await closeToasts(page);

    // The same name again for the same list: refused under the field, what was typed stays.
    const again = await saveView(page, name.toUpperCase());
    await expect(again.dialog.getByText(en('savedView:form.name.taken'))).toBeVisible();
    await expect(again.field).toHaveValue(name.toUpperCase());
    await again.dialog.getByRole('button', { name: en('savedView:save.cancel') }).click();
    await expect(again.dialog).toBeHidden();

    // Away to the dashboard, then back through the saved view.
    let nav = await navigation(page);
    await nav.getByRole('link', { name: en('nav.dashboard') }).click();
    await expect(page).toHaveURL(/\/manager\/dashboard$/);
    nav = await navigation(page);
    await expect(nav.getByText(en('savedView:nav.group'))).toBeVisible();
    await viewLink(nav, name).click();
    await expect(page).toHaveURL(/\/manager\/users\?role=admin$/);
    nav = await navigation(page);
    await expect(viewLink(nav, name)).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);
    if (isPhone(page)) await page.keyboard.press('Escape');
    else {
      await expect(page.getByRole('combobox', { name: en('user:list.role'), exact: true })).toHaveValue(
        'admin',
      );
    }

    // Rename.
    const renamed = `${name} renamed`;
    nav = await navigation(page);
    await nav.getByRole('button', { name: en('savedView:nav.manage', { name }) }).click();
    const manage = page.getByRole('dialog', { name: en('savedView:manage.title') });
    await manage.getByRole('textbox', { name: en('savedView:save.name') }).fill(renamed);
    await manage.getByRole('button', { name: en('savedView:manage.submit'), exact: true }).click();
    await expect(page.getByText(en('savedView:manage.renamed', { name: renamed }))).toBeVisible();
    await expect(manage).toBeHidden();
    nav = isPhone(page)
      ? page.getByRole('dialog', { name: en('sidebar.menu') }).getByRole('navigation')
      : nav;
    await expect(viewLink(nav, renamed)).toBeVisible();

    // Delete: the group goes with its last view.
    await nav.getByRole('button', { name: en('savedView:nav.manage', { name: renamed }) }).click();
    await manage.getByRole('button', { name: en('savedView:manage.delete') }).click();
    await expect(page.getByText(en('savedView:manage.deleted', { name: renamed }))).toBeVisible();
    await expect(viewLink(nav, renamed)).toHaveCount(0);
    await expect(nav.getByText(en('savedView:nav.group'))).toHaveCount(0);
  },
);

test('in Arabic, the saved view reads right to left and opens its list, from the sidebar and the palette', async ({
  page,
  visit,
}) => {
  test.slow();
  await signInAdmin(page, { name: 'Rami Views' });
  const id = tag();
  const name = `مشرفون ${id}`;
  await visit('/manager/users?lng=ar&status=banned');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const { dialog } = await saveView(page, name, 'ar');
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: text('ar', 'nav.dashboard') }).click();
  const nav = await navigation(page, 'ar');
  await expect(nav.getByText(text('ar', 'savedView:nav.group'))).toBeVisible();
  await viewLink(nav, name, 'ar').click();
  await expect(page).toHaveURL(/\/manager\/users\?status=banned$/);
  await expect(viewLink(nav, name, 'ar')).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);

  // The command palette offers it among the pages, from the keyboard.
  await nav.getByRole('link', { name: text('ar', 'nav.dashboard') }).click();
  await expect(page).toHaveURL(/\/manager\/dashboard$/);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: text('ar', 'palette.title') });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type(id);
  await expect(palette.getByRole('option', { name })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/manager\/users\?status=banned$/);
});

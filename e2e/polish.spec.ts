// What users notice first: the theme picker shows the stored choice, nothing overflows a 320 px phone in any
// language with the seed's long names, and toasts never sit on a page's own actions.
import type { Page } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { longNamedUser } from '../src/server/db/seed/data.ts';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { newEmail, signInAdmin } from './support/session';
import { en, text } from './support/text';

test('the theme picker shows the stored choice after a reload, also when it is the device setting', async ({
  page,
  visit,
}) => {
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await visit('/login', { axe: false });
    const picker = page.getByRole('combobox', { name: en('preferences.theme') });
    await picker.selectOption(theme);
    // What the picker shows when the document is parsed, before React hydrates, and after.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const select =
          document.querySelector<HTMLSelectElement>('select[id] + script')?.previousElementSibling;
        (window as unknown as Record<string, unknown>).__e2eEarlyTheme = (select as HTMLSelectElement)?.value;
      });
    });
    await page.reload();
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__e2eEarlyTheme)).toBe(
      theme,
    );
    await expect(picker).toHaveValue(theme);
    await expect(picker.locator('option:checked')).toHaveText(en(`preferences.themes.${theme}`));
  }
});

/** Fails when the page scrolls sideways, naming the widest element that sticks out. */
async function expectNoHorizontalOverflow(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprit = [...document.querySelectorAll<HTMLElement>('body *')]
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && (rect.right > width + 1 || rect.left < -1))
      .sort((a, b) => b.rect.width - a.rect.width)[0];
    return {
      extra: document.documentElement.scrollWidth - width,
      culprit: culprit ? `${culprit.element.tagName.toLowerCase()}.${culprit.element.className}` : null,
    };
  });
  expect(overflow, `${what} scrolls sideways`).toEqual({ extra: 0, culprit: null });
}

test.describe('at 320 px with the long sample names', () => {
  test.use({ viewport: { width: 320, height: 720 } });

  for (const lng of appConfig.languages) {
    test(`nothing overflows in ${lng}, and a bottom sheet stays on screen`, async ({ page }) => {
      await signInAdmin(page, { name: 'Ada Narrow' });
      const pages = [
        '/login',
        '/manager/dashboard',
        '/manager/users',
        '/manager/repositories',
        '/app/repositories',
      ];
      for (const path of pages) {
        await page.goto(`${path}?lng=${lng}`);
        await waitForHydration(page);
        await expectNoHorizontalOverflow(page, `${path} in ${lng}`);
      }

      // The long-named user's own page, and the long repository's, in the manager and the app.
      await page.goto(`/manager/users?lng=${lng}&searchTerm=${longNamedUser.email.slice(0, 20)}`);
      await waitForHydration(page);
      await page.getByRole('link', { name: new RegExp(longNamedUser.name.slice(0, 20)) }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(longNamedUser.name.slice(0, 10));
      await expectNoHorizontalOverflow(page, `the long user's page in ${lng}`);
      await expectAccessible(page);

      for (const area of ['manager', 'app']) {
        await page.goto(`/${area}/repositories?lng=${lng}&searchTerm=exceptionally`);
        await waitForHydration(page);
        await page
          .getByRole('link', { name: /exceptionally-long/ })
          .first()
          .click();
        await expect(page.getByRole('heading', { level: 1 })).toContainText('an-exceptionally');
        await expectNoHorizontalOverflow(page, `the long repository's page in the ${area} area, ${lng}`);
      }

      // A bottom sheet opened from a long page is where the screen is.
      await page.goto(`/manager/repositories?lng=${lng}&searchTerm=exceptionally`);
      await waitForHydration(page);
      await page
        .getByRole('link', { name: /exceptionally-long/ })
        .first()
        .click();
      await page.getByRole('button', { name: text(lng, 'repository:delete.action') }).click();
      const sheet = page.getByRole('dialog');
      await expect(sheet).toBeVisible();
      const box = await sheet.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
      await expectNoHorizontalOverflow(page, `the open sheet in ${lng}`);
    });
  }
});

test('a toast never covers the page’s own actions', async ({ page }) => {
  await signInAdmin(page, { name: 'Ada Toast' });
  const name = newEmail('toast').split('@')[0] ?? 'toast';
  await page.goto('/manager/repositories/new');
  await waitForHydration(page);
  await page.getByRole('textbox', { name: en('repository:form.name.label') }).fill(name);
  await page
    .getByRole('textbox', { name: en('repository:form.link.label') })
    .fill('https://example.com/toast');
  await page.getByRole('button', { name: en('repository:create.submit') }).click();
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toContainText(en('repository:create.done'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  // The pointer rests on the toast, which keeps it open: the actions are still the topmost elements.
  await toast.hover();
  const main = page.getByRole('main');
  for (const action of [
    main.getByRole('link', { name: en('repository:detail.edit') }),
    main.getByRole('button', { name: en('repository:delete.action') }),
  ]) {
    const box = await action.boundingBox();
    expect(box).not.toBeNull();
    const hit = await action.evaluate(
      (element, { x, y }) => element.contains(document.elementFromPoint(x, y)),
      { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 },
    );
    expect(hit, `${await action.textContent()} is under a toast`).toBe(true);
  }
  await expect(toast).toBeVisible();
});

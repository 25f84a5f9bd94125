// What users notice first: the theme picker shows the stored choice, a sheet stays on a 320 px phone, the
// header fits every width, and toasts never sit on a page's own actions. That nothing overflows any screen
// in any language is the sweep's (e2e/screens.spec.ts).
import type { Page } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { expect, test, waitForHydration } from './fixtures';
import { roleState } from './support/roles';
import { headerCollisions, horizontalOverflow } from './support/screens';
import { joinAcme, newEmail, openUserActions, signIn, signInAdmin } from './support/session';
import { en, escapeRegExp, plain, text } from './support/text';

test('the theme picker shows the stored choice after a reload, also when it is the device setting', async ({
  page,
  visit,
}) => {
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await visit('/login');
    const picker = page.getByRole('combobox', { name: en('preferences.theme') });
    await picker.selectOption(theme);
    // What the picker shows when the document is parsed, before React hydrates (readyState turns
    // "interactive" before the module scripts run), and after.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const select = document.querySelector<HTMLSelectElement>('select[data-preference="theme"]');
        (window as unknown as Record<string, unknown>).__e2eEarlyTheme = select?.value;
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

test('at 320 px a bottom sheet opened from a long page stays on screen, without sliding for who asks for less motion', async ({
  browser,
}) => {
  // Every screen at 320 px in every language is the sweep's (e2e/screens.spec.ts); this is the state it
  // does not reach: a sheet over the long repository's page, right to left.
  const context = await browser.newContext({
    viewport: { width: 320, height: 720 },
    storageState: await roleState(browser, 'admin'),
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto('/manager/repositories?lng=ar&searchTerm=exceptionally');
  await waitForHydration(page);
  await page
    .getByRole('link', { name: /exceptionally-long/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('an-exceptionally');
  await page.getByRole('button', { name: text('ar', 'repository:delete.action'), exact: true }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  // The sheet's own slide (vaul's half second) is cut to 1 ms: src/styles.css.
  expect(await sheet.evaluate((element) => getComputedStyle(element).transitionDuration)).toMatch(
    /^0\.001s(, 0\.001s)*$/,
  );
  const box = await sheet.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
  expect(await horizontalOverflow(page)).toBeNull();
  await context.close();
});

test('a toast never covers the page’s own actions', async ({ page }) => {
  await signInAdmin(page, { name: 'Ada Toast' });
  const name = newEmail('toast').split('@')[0] ?? 'toast';
  await page.goto('/manager/repositories/new');
  await waitForHydration(page);
  await page
    .getByRole('combobox', { name: en('repository:form.organization.label') })
    .selectOption({ label: 'Acme' });
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

  // Leaves the seeded 36 for the files that count them.
  await main.getByRole('button', { name: en('repository:delete.action') }).click();
  await page
    .getByRole('dialog', { name: en('repository:delete.title') })
    .getByRole('button', { name: en('repository:delete.confirm') })
    .click();
  await expect(page.getByText(en('repository:delete.done', { name }))).toBeVisible();
});

test.describe('focus after a dialog returns to the control that opened it', () => {
  type Locator = ReturnType<Page['getByRole']>;

  /** Opens a dialog from `trigger` with the keyboard, closes it with `close`, and expects focus back on it. */
  async function roundTrip(page: Page, trigger: Locator, close: (dialog: Locator) => Promise<void>) {
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await close(dialog);
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
  }
  const escape = (page: Page) => () => page.keyboard.press('Escape');
  const press = (name: string) => (dialog: Locator) => dialog.getByRole('button', { name }).click();

  test('on the account page and in the user menu: Escape, Cancel and Save', async ({ page }) => {
    await signIn(page, newEmail('focus'), { name: 'Fay Focus' });
    await page.goto('/app/account');
    await waitForHydration(page);
    const changeName = page.getByRole('button', { name: en('account:profile.changeName') });
    await roundTrip(page, changeName, escape(page));
    await roundTrip(page, changeName, press(en('account:changeName.cancel')));
    await roundTrip(page, changeName, async (dialog) => {
      await dialog.getByRole('textbox', { name: en('account:changeName.label') }).fill('Fay Focused');
      await dialog.getByRole('button', { name: en('account:changeName.submit') }).click();
    });
    await roundTrip(page, page.getByRole('button', { name: en('account:delete.action') }), escape(page));

    await page.getByRole('button', { name: new RegExp(`^${en('userMenu.label')}`) }).click();
    const signOut = page.getByRole('button', { name: en('auth:signOut.action'), exact: true });
    await roundTrip(page, signOut, press(en('confirmDialog.cancel')));
  });

  test('in the manager: a user page’s menu items and a repository’s Delete', async ({ page }) => {
    await signInAdmin(page, { name: 'Fin Focus' });
    await page.goto(`/manager/users?searchTerm=${encodeURIComponent(appConfig.seed.userEmail)}`);
    await waitForHydration(page);
    await page.getByRole('main').getByRole('link', { name: 'User', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await openUserActions(page);
    await roundTrip(
      page,
      page.getByRole('button', { name: en('user:setRole.action') }),
      press(en('confirmDialog.cancel')),
    );
    await roundTrip(
      page,
      page.getByRole('button', { name: en('user:ban.action'), exact: true }),
      escape(page),
    );
    await roundTrip(page, page.getByRole('button', { name: en('user:delete.action') }), escape(page));

    await page.goto('/manager/repositories');
    await waitForHydration(page);
    await page.getByRole('main').getByRole('link').filter({ hasText: 'react' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await roundTrip(
      page,
      page.getByRole('main').getByRole('button', { name: en('repository:delete.action') }),
      press(en('confirmDialog.cancel')),
    );

    // Deleting from a row's menu removes the control that opened the dialog: the page's heading takes focus.
    const name = `Focus ${newEmail('row').split('@')[0]}`;
    await page.goto('/manager/repositories/new');
    await waitForHydration(page);
    await page
      .getByRole('combobox', { name: en('repository:form.organization.label') })
      .selectOption({ label: 'Acme' });
    await page.getByRole('textbox', { name: en('repository:form.name.label') }).fill(name);
    await page
      .getByRole('textbox', { name: en('repository:form.link.label') })
      .fill('https://example.com/row');
    await page.getByRole('button', { name: en('repository:create.submit') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await page.goto(`/manager/repositories?searchTerm=${encodeURIComponent(name)}`);
    await waitForHydration(page);
    await page
      .getByRole('button', {
        name: new RegExp(
          `^${escapeRegExp(plain(en('dataTable.rowActions', { name: '\u2068' + name + '\u2069' })))}`,
        ),
      })
      .click();
    await page.getByRole('button', { name: en('repository:delete.action'), exact: true }).click();
    await page
      .getByRole('dialog', { name: en('repository:delete.title') })
      .getByRole('button', { name: en('repository:delete.confirm') })
      .click();
    await expect(page.getByText(en('repository:delete.done', { name }))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });
});

test('a navigation that waits shows a progress bar and says so; the new page’s heading gets focus', async ({
  page,
}) => {
  await signIn(page, newEmail('progress'), { name: 'Pia Progress' });
  // Acme's repositories make the list.
  const leaveAcme = await joinAcme(page);
  await page.goto('/app');
  await waitForHydration(page);
  // The server answers slowly: every server-function call waits 800 ms.
  await page.route('**/_serverFn/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });

  // A list does not freeze the screen while its first page is slow: it shows at once, busy, with skeletons.
  const nav = page.getByRole('navigation', { name: en('nav.label') }).first();
  await nav.getByRole('link', { name: en('repository:nav') }).click();
  await expect(page).toHaveURL(/\/app\/repositories$/);
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(en('dataList.loading'));
  const row = page.getByRole('main').getByRole('link').filter({ hasText: 'react' }).first();
  await expect(row).toBeVisible();
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);

  // A page that waits for its data keeps the old one, with the bar and a status saying so.
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-navigation-progress="shown"]')).toBeAttached();
  await expect(page.getByRole('status').filter({ hasText: en('navigation.loading') })).toBeAttached();
  await expect(page).toHaveURL(/\/app\/repositories\/[^/]+$/);
  await expect(page.locator('[data-navigation-progress="hidden"]')).toBeAttached();
  // Focus went to the new page's heading, not back to the top of the document.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.unroute('**/_serverFn/**');
  await leaveAcme();
});

test(
  'on a phone the skip link is a full tap target, and the tab bar never hides what has focus',
  { tag: '@mobile' },
  async ({ browser, viewport }) => {
    test.skip((viewport?.width ?? 1280) >= 768, 'phone widths only');
    // Every control's size on every screen is the sweep's (e2e/screens.spec.ts); the seeded admin owns Acme,
    // whose repositories make the list tabbed through below.
    const context = await browser.newContext({
      viewport: viewport ?? { width: 390, height: 844 },
      hasTouch: true,
      storageState: await roleState(browser, 'admin'),
    });
    const page = await context.newPage();

    // The skip link, once Tab reveals it. The home page settles first (its passkey offer is asked for after
    // hydration): a Tab pressed while it renders could land before the page moves focus.
    await page.goto('/app');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: en('actions.skipToContent') });
    await expect(skip).toBeFocused();
    expect((await skip.boundingBox())?.height).toBeGreaterThanOrEqual(44);

    // Tabbing down the repository list never leaves the focused row under the fixed tab bar.
    await page.goto('/app/repositories');
    await waitForHydration(page);
    const tabBar = await page
      .getByRole('navigation', { name: en('nav.label') })
      .last()
      .boundingBox();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const rect = document.activeElement?.getBoundingClientRect();
        return rect ? { bottom: rect.bottom, inTabBar: !!document.activeElement?.closest('nav') } : null;
      });
      if (focused && !focused.inTabBar) expect(focused.bottom).toBeLessThanOrEqual((tabBar?.y ?? 0) + 1);
    }
    await context.close();
  },
);

test('no header hides or overlaps an item from 320 to 1440 px, in any language', async ({ browser }) => {
  const signedIn = await browser.newContext({ storageState: await roleState(browser, 'long-named') });
  const anonymous = await browser.newContext();
  const widths = [320, 390, 768, 800, 860, 1024, 1440];
  for (const lng of appConfig.languages) {
    for (const [path, context] of [
      ['/app', signedIn],
      ['/login', anonymous],
    ] as const) {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${path}?lng=${lng}`);
      await waitForHydration(page);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 700 });
        // Polled: the header settles a frame or two after the window is resized.
        await expect
          .poll(() => headerCollisions(page), { message: `${path} in ${lng} at ${width} px`, timeout: 2_000 })
          .toEqual([]);
        if (path === '/app' && width >= 768) {
          const nav = page.locator('header').getByRole('navigation', { name: text(lng, 'nav.label') });
          for (const label of [text(lng, 'nav.home'), text(lng, 'repository:nav'), text(lng, 'nav.account')])
            await expect(nav.getByRole('link', { name: label })).toBeVisible();
        }
      }
    }
  }
  await signedIn.close();
  await anonymous.close();
});

test('control edges stand out at 3:1 from the page in light and dark', async ({ page }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/login');
    await waitForHydration(page);
    const ratio = await page
      .getByRole('textbox', { name: en('auth:login.email.label') })
      .evaluate((input) => {
        const canvas = document.createElement('canvas');
        const context = canvas.getContext('2d', { willReadFrequently: true });
        const rgb = (color: string) => {
          if (!context) return [0, 0, 0];
          context.clearRect(0, 0, 1, 1);
          context.fillStyle = color;
          context.fillRect(0, 0, 1, 1);
          return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
        };
        const luminance = (color: string) => {
          const [r = 0, g = 0, b = 0] = rgb(color).map((v) => {
            const c = v / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const edge = luminance(getComputedStyle(input).borderTopColor);
        const page = luminance(getComputedStyle(document.body).backgroundColor);
        return (Math.max(edge, page) + 0.05) / (Math.min(edge, page) + 0.05);
      });
    expect(ratio, scheme).toBeGreaterThanOrEqual(3);
  }
});

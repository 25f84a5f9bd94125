// The app shell: home redirect, titles, the 404 page, languages (RTL, persistence), theme without a
// flash, and the error boundary's Try Again. Texts come from public/locales/*/common.json.
import type { Page } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { en, escapeRegExp, text } from './support/text';

const pathOf = (page: Page) => new URL(page.url()).pathname;
const searchOf = (page: Page) => new URL(page.url()).search;

/** A document title: the page's own, then the product name. */
const titled = (title: string) => `${title} | ${appConfig.name}`;

/** `key`'s text in French or in English, whichever the page shows. */
const frenchOrEnglish = (key: string) =>
  new RegExp(`^(?:${escapeRegExp(text('fr', key))}|${escapeRegExp(en(key))})$`);

/** The opening `<html …>` tag of a server-rendered document. */
function htmlTag(body: string): string {
  const match = /<html\b[^>]*>/i.exec(body);
  expect(match, 'the document has an <html> tag').not.toBeNull();
  return match?.[0] ?? '';
}

test('/ redirects to /login without search noise', async ({ page, visit }) => {
  await visit('/');
  await expect(page).toHaveURL(/\/login$/);
  expect(pathOf(page)).toBe('/login');
  expect(searchOf(page)).toBe('');
  await expect(page.getByRole('heading', { level: 1, name: en('auth:login.title') })).toBeVisible();
});

test('page titles end with the product name', async ({ page, visit }) => {
  await visit('/login');
  await expect(page).toHaveTitle(titled(en('pages.login')));
  // A public page other than /login (the areas now ask for a session first).
  await visit('/login/error');
  await expect(page).toHaveTitle(titled(en('pages.loginError')));
});

test('an unknown URL shows the 404 page with status 404', async ({ page, request, visit }) => {
  const raw = await request.get('/this-page-does-not-exist');
  expect(raw.status()).toBe(404);
  expect(await raw.text()).toContain(en('errors.notFound'));

  const response = await visit('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: en('errors.notFound') })).toBeVisible();

  // Home goes to / (which redirects to /login).
  await page.getByRole('link', { name: en('actions.home') }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: en('auth:login.title') })).toBeVisible();
});

test('Back on the 404 page', async ({ page, visit }) => {
  // Opened directly there is no in-app history: Back falls back to / (→ /login).
  await visit('/no-such-page');
  await page.getByRole('button', { name: en('actions.back') }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Reached from another screen (an in-app push onto a dead URL), Back returns to that screen. It is a
  // public one: the areas redirect to /login without a session.
  await visit('/login/error?error=access_denied');
  await page.evaluate(() => {
    const key = 'e2e-dead-link';
    window.history.pushState({ __TSR_index: 1, key, __TSR_key: key }, '', '/no-such-page');
  });
  await expect(page.getByRole('heading', { level: 1, name: en('errors.notFound') })).toBeVisible();
  await page.getByRole('button', { name: en('actions.back') }).click();
  await expect(page).toHaveURL(/\/login\/error\?error=access_denied$/);
  await expect(
    page.getByRole('heading', { level: 1, name: en('auth:loginError.accessDenied.title') }),
  ).toBeVisible();
});

test('?lng=ar renders Arabic right-to-left on the server', async ({ page, request, visit }) => {
  const raw = await request.get('/login?lng=ar');
  expect(raw.status()).toBe(200);
  const body = await raw.text();
  const tag = htmlTag(body);
  expect(tag).toMatch(/\blang="ar"/);
  expect(tag).toMatch(/\bdir="rtl"/);
  expect(body).toContain(text('ar', 'preferences.language'));
  expect(body).toContain(text('ar', 'actions.skipToContent'));

  await visit('/login?lng=ar'); // includes the axe check, in Arabic
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('combobox', { name: text('ar', 'preferences.language') })).toHaveValue('ar');
  await expect(page.getByRole('link', { name: text('ar', 'actions.skipToContent') })).toBeAttached();
});

test('the language choice persists across reloads', async ({ context, page, visit }) => {
  await visit('/login');
  await page
    .getByRole('combobox', { name: en('preferences.language') })
    .selectOption({ label: appConfig.languageNames.fr });

  await expect(page.getByRole('combobox', { name: text('fr', 'preferences.language') })).toHaveValue('fr');
  await expect(page.getByRole('link', { name: text('fr', 'actions.skipToContent') })).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: text('fr', 'auth:login.title') })).toBeVisible();
  await expect(page).toHaveTitle(titled(text('fr', 'pages.login')));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'i18next')?.value).toBe('fr');
  expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe('fr');

  const reloaded = await page.reload();
  const tag = htmlTag((await reloaded?.text()) ?? '');
  expect(tag).toMatch(/\blang="fr"/);
  expect(tag).toMatch(/\bdir="ltr"/);
  await waitForHydration(page);
  await expect(page).toHaveTitle(titled(text('fr', 'pages.login')));
  await expect(page.getByRole('combobox', { name: text('fr', 'preferences.language') })).toHaveValue('fr');
  await expectAccessible(page);
});

test('the theme choice persists without a flash', async ({ page, visit }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await visit('/login');
  await page
    .getByRole('combobox', { name: en('preferences.theme') })
    .selectOption({ label: en('preferences.themes.dark') });
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');

  // Record <html>'s classes when the document is parsed, before React hydrates: readyState turns
  // "interactive" before the module scripts run (DOMContentLoaded waits for them, and a cached app has
  // hydrated by then).
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const w = window as unknown as Record<string, unknown>;
      w.__e2eEarlyClass = document.documentElement.className;
      w.__e2eEarlyHydrated = document.documentElement.dataset.hydrated ?? null;
    });
  });
  await page.reload();
  await waitForHydration(page);
  const early = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return { className: w.__e2eEarlyClass, hydrated: w.__e2eEarlyHydrated };
  });
  expect(early.hydrated, 'recorded before hydration').toBeNull();
  expect(String(early.className).split(/\s+/)).toContain('dark');
  await expect(page.getByRole('combobox', { name: en('preferences.theme') })).toHaveValue('dark');
  await expectAccessible(page);
});

test('the error boundary recovers with Try Again', async ({ page, visit }) => {
  await visit('/login');
  // Server functions are fetched from /_serverFn/<id>. The failure is a plain-text 500 (a crashed server
  // or proxy): Start returns a JSON body without its `x-tss-serialized` header as the function's result
  // whatever the status, so a JSON 500 would not fail the loader at all.
  const serverFns = '**/_serverFn/**';
  let failed = 0;
  await page.route(serverFns, async (route) => {
    failed += 1;
    await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
  });

  // Changing the language invalidates the router, which re-runs the root loader's server function.
  await page
    .getByRole('combobox', { name: en('preferences.language') })
    .selectOption({ label: appConfig.languageNames.fr });
  const heading = page.getByRole('heading', {
    level: 1,
    name: frenchOrEnglish('errors.unknown'),
  });
  await expect(heading).toBeVisible();
  expect(failed).toBeGreaterThan(0);
  // The error page replaced the login screen (its header keeps the language and theme selects).
  await expect(
    page.getByRole('heading', { level: 1, name: frenchOrEnglish('auth:login.title') }),
  ).toHaveCount(0);
  const tryAgain = page.getByRole('button', { name: frenchOrEnglish('actions.tryAgain') });
  await expect(tryAgain).toBeEnabled();
  await expect(page.getByRole('button', { name: frenchOrEnglish('actions.back') })).toBeVisible();
  await expect(page.getByRole('link', { name: frenchOrEnglish('actions.home') })).toBeVisible();
  await expectAccessible(page);

  await page.unroute(serverFns);
  const clickedAt = Date.now();
  await tryAgain.click();
  await expect(tryAgain).toBeDisabled();
  await expect(page.getByRole('heading', { level: 1, name: text('fr', 'auth:login.title') })).toBeVisible();
  // The retry waits about 600 ms before refreshing.
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(500);
  await expect(page.getByRole('combobox', { name: text('fr', 'preferences.language') })).toBeVisible();
  await expect(heading).toHaveCount(0);
  await expect(page).toHaveTitle(titled(text('fr', 'pages.login')));
});

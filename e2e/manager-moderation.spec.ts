// Moderation from a user's page in the manager area: banning (the user's open session ends and sign-in
// says until when), unbanning, impersonating with its banner, and revoking one session.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { waitForCode } from './support/mail';
import { newEmail, openUserActions, signIn, signInAdmin } from './support/session';
import { en, enPattern, escapeRegExp, text, textPattern } from './support/text';

const DAY = 86_400_000;

/** A fresh, onboarded user signed in in a browser context of their own. */
async function userInOwnContext(browser: Browser, label: string, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = newEmail(label);
  await signIn(page, email, { name });
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { id: string };
    session: { id: string; ipAddress: string | null };
  };
  return { context, page, email, id: session.user.id, session: session.session };
}

/** True once `page`'s context no longer has a session: /app sends it to /login. */
async function expectSignedOut(page: Page) {
  await page.goto('/app');
  await expect(page).toHaveURL(/\/login/);
}

const closeAll = (...contexts: BrowserContext[]) => Promise.all(contexts.map((c) => c.close()));

test('an admin bans a user for 7 days, who is signed out and refused, then unbans them', async ({
  page,
  browser,
  visit,
}) => {
  await signInAdmin(page, { name: 'Mona Moderator' });
  const target = await userInOwnContext(browser, 'banned', 'Bram Banned');

  await visit(`/manager/users/${target.id}`);
  await openUserActions(page);
  await page.getByRole('button', { name: en('user:ban.action'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: en('user:ban.title', { name: 'Bram Banned' }) });
  await expect(dialog.getByRole('radio', { name: en('user:ban.durations.week') })).toBeChecked();
  const weekAhead = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(Date.now() + 7 * DAY);
  await expect(dialog.getByRole('status')).toContainText(en('user:ban.previewUntil', { date: weekAhead }));
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: en('user:ban.reason') }).fill('Spam in comments');
  await dialog.getByRole('button', { name: en('user:ban.submit') }).click();
  await expect(page.getByText(en('user:ban.success', { name: 'Bram Banned' }))).toBeVisible();
  // Ban became Unban in the menu, which stays open, and focus went with it.
  await expect(page.getByRole('button', { name: en('user:ban.unban') })).toBeFocused();

  // The open session in the other browser ended with the ban.
  await expectSignedOut(target.page);
  await waitForHydration(target.page);
  const since = Date.now();
  await target.page.getByRole('textbox', { name: en('auth:login.email.label') }).fill(target.email);
  await target.page
    .getByRole('button', {
      name: new RegExp([en('auth:login.submit'), en('auth:login.submitSignUp')].map(escapeRegExp).join('|')),
    })
    .click();
  await expect(target.page).toHaveURL(/\/login\/verify\?/);
  await waitForHydration(target.page);
  await target.page
    .getByRole('textbox', { name: en('auth:verify.code.label') })
    .pressSequentially(await waitForCode(target.email, since));
  const shortWeekAhead = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(Date.now() + 7 * DAY);
  await expect(
    target.page.getByText(new RegExp(enPattern('auth:bannedUntil', { date: /.*/ }))),
  ).toContainText(shortWeekAhead);

  await page.getByRole('button', { name: en('user:ban.unban') }).click();
  await page
    .getByRole('dialog', { name: en('user:ban.unbanTitle', { name: 'Bram Banned' }) })
    .getByRole('button', { name: en('user:ban.unban') })
    .click();
  await expect(page.getByText(en('user:ban.unbanned', { name: 'Bram Banned' }))).toBeVisible();
  await expect(page.getByRole('button', { name: en('user:ban.action'), exact: true })).toBeFocused();

  await signIn(target.page, target.email);
  await target.page.goto('/app');
  await expect(target.page).toHaveURL(/\/app/);
  await closeAll(target.context);
});

test(
  'an admin impersonates a user, sees the banner everywhere, and stops back on their page',
  { tag: '@mobile' },
  async ({ page, browser, visit }) => {
    await signInAdmin(page, { name: 'Sam Support' });
    const target = await userInOwnContext(browser, 'impersonated', 'Ivy Impersonated');
    await closeAll(target.context);

    await visit(`/manager/users/${target.id}`);
    await openUserActions(page);
    await page.getByRole('button', { name: en('user:impersonation.action') }).click();
    await page
      .getByRole('dialog', { name: en('user:impersonation.confirmTitle', { name: 'Ivy Impersonated' }) })
      .getByRole('button', { name: en('user:impersonation.action') })
      .click();
    await expect(page).toHaveURL(/\/app$/);
    const banner = page.getByRole('region', {
      name: new RegExp(enPattern('auth:impersonation.signedInAs', { name: 'Ivy Impersonated' })),
    });
    await expect(banner).toBeVisible();

    // Every page carries it, checked for accessibility, in English and in Arabic, at this viewport's width.
    await visit('/app/account');
    await expect(banner).toBeVisible();
    const width = page.viewportSize()?.width ?? 0;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await visit('/app?lng=ar');
    const arabic = page.getByRole('region', {
      name: new RegExp(textPattern('ar', 'auth:impersonation.signedInAs', { name: 'Ivy Impersonated' })),
    });
    await expect(arabic).toBeVisible();
    await expect(arabic.getByRole('button', { name: text('ar', 'auth:impersonation.stop') })).toBeVisible();
    await visit('/app?lng=en');

    await banner.getByRole('button', { name: en('auth:impersonation.stop') }).click();
    await expect(page).toHaveURL(new RegExp(`/manager/users/${target.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ivy Impersonated');
    await expect(
      page.getByRole('region', {
        name: new RegExp(enPattern('auth:impersonation.signedInAs', { name: /.*/ })),
      }),
    ).toHaveCount(0);
    await openUserActions(page);
    await expect(page.getByRole('button', { name: en('user:impersonation.action') })).toBeVisible();
  },
);

test('an admin revokes one session of a user; that browser is signed out, the other stays', async ({
  page,
  browser,
  visit,
}) => {
  await signInAdmin(page, { name: 'Rita Revoker' });
  const first = await userInOwnContext(browser, 'revoked', 'Rex Revoked');
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await signIn(second, first.email);

  // The page with both sessions passes the accessibility check in Arabic too.
  await visit(`/manager/users/${first.id}?lng=ar`);
  await expect(
    page.getByRole('region', { name: text('ar', 'user:sessions.title') }).getByTestId('session'),
  ).toHaveCount(2);
  await visit(`/manager/users/${first.id}?lng=en`);
  const sessions = page.getByRole('region', { name: en('user:sessions.title') });
  await expect(sessions.getByTestId('session')).toHaveCount(2);
  const row = sessions.getByTestId('session').filter({ hasText: String(first.session.ipAddress) });
  await row.getByRole('button', { name: new RegExp(`^${escapeRegExp(en('user:sessions.revoke'))}`) }).click();
  await page
    .getByRole('dialog', { name: en('confirmDialog.title') })
    .getByRole('button', { name: en('user:sessions.revoke') })
    .click();
  await expect(page.getByText(en('user:sessions.revoked'))).toBeVisible();
  await expect(sessions.getByTestId('session')).toHaveCount(1);

  await expectSignedOut(first.page);
  await second.goto('/app');
  await expect(second).toHaveURL(/\/app/);
  await closeAll(first.context, secondContext);
});

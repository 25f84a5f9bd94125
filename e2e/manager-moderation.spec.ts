// Moderation from a user's page in the manager area: banning (the user's open session ends and sign-in
// says until when), unbanning, impersonating with its banner, and revoking one session.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { waitForCode } from './support/mail';
import { newEmail, signIn, signInAdmin } from './support/session';

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
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Ban Bram Banned' });
  await expect(dialog.getByRole('radio', { name: '7 days' })).toBeChecked();
  const weekAhead = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(Date.now() + 7 * DAY);
  await expect(dialog.getByRole('status')).toContainText(`Banned until ${weekAhead}`);
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Spam in comments');
  await dialog.getByRole('button', { name: 'Ban user' }).click();
  await expect(page.getByText('Bram Banned is banned')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unban' })).toBeVisible();

  // The open session in the other browser ended with the ban.
  await expectSignedOut(target.page);
  await waitForHydration(target.page);
  const since = Date.now();
  await target.page.getByRole('textbox', { name: 'Email' }).fill(target.email);
  await target.page.getByRole('button', { name: /with email/ }).click();
  await expect(target.page).toHaveURL(/\/login\/verify\?/);
  await waitForHydration(target.page);
  await target.page
    .getByRole('textbox', { name: 'Code' })
    .pressSequentially(await waitForCode(target.email, since));
  const shortWeekAhead = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(Date.now() + 7 * DAY);
  await expect(target.page.getByText(/You have been banned from this application until/)).toContainText(
    shortWeekAhead,
  );

  await page.getByRole('button', { name: 'Unban' }).click();
  await page
    .getByRole('dialog', { name: 'Unban Bram Banned?' })
    .getByRole('button', { name: 'Unban' })
    .click();
  await expect(page.getByText('Bram Banned is unbanned')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ban', exact: true })).toBeVisible();

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
    await page.getByRole('button', { name: 'Sign in as this user' }).click();
    await page
      .getByRole('dialog', { name: 'Sign in as Ivy Impersonated?' })
      .getByRole('button', { name: 'Sign in as this user' })
      .click();
    await expect(page).toHaveURL(/\/app$/);
    const banner = page.getByRole('region', { name: /You are signed in as Ivy Impersonated/ });
    await expect(banner).toBeVisible();

    // Every page carries it, checked for accessibility, in English and in Arabic, at this viewport's width.
    await visit('/app/account');
    await expect(banner).toBeVisible();
    const width = page.viewportSize()?.width ?? 0;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await visit('/app?lng=ar');
    const arabic = page.getByRole('region', { name: /أنت مسجَّل الدخول بصفة/ });
    await expect(arabic).toBeVisible();
    await expect(arabic.getByRole('button', { name: 'إيقاف انتحال الهوية' })).toBeVisible();
    await visit('/app?lng=en');

    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await expect(page).toHaveURL(new RegExp(`/manager/users/${target.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ivy Impersonated');
    await expect(page.getByRole('region', { name: /You are signed in as/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign in as this user' })).toBeVisible();
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
  await expect(page.getByRole('region', { name: 'الجلسات' }).getByTestId('session')).toHaveCount(2);
  await visit(`/manager/users/${first.id}?lng=en`);
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByTestId('session')).toHaveCount(2);
  const row = sessions.getByTestId('session').filter({ hasText: String(first.session.ipAddress) });
  await row.getByRole('button', { name: /^Revoke/ }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Session revoked')).toBeVisible();
  await expect(sessions.getByTestId('session')).toHaveCount(1);

  await expectSignedOut(first.page);
  await second.goto('/app');
  await expect(second).toHaveURL(/\/app/);
  await closeAll(first.context, secondContext);
});

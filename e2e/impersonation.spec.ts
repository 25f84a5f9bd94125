// Impersonation is for looking (issue 15 §4): an admin signed in as a user is refused deleting the account
// and changing its e-mail, the user's own session list shows "Administrator access" without the admin's
// address or browser, and what the admin changed is on the user's activity and the dashboard as the admin's,
// acting as the user. And demo visitors (one shared sample admin) do not see each other's addresses (§8).
import type { Browser, Page } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { demoOrigin, signInDemo } from './support/demo';
import { callServerFn } from './support/server-fn';
import { newEmail, signIn, signInAdmin } from './support/session';

const region = (page: Page, name: string) => page.getByRole('region', { name });
const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;
type Visit = (path: string, options?: { axe?: boolean }) => Promise<unknown>;

/** The session behind `page`'s cookies, as better-auth describes it. */
async function currentSession(page: Page, origin = '') {
  const response = await page.request.get(`${origin}/api/auth/get-session`);
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    user: { id: string };
    session: { id: string; ipAddress: string | null; impersonatedBy: string | null };
  };
}

/** A fresh user signed in in a context of their own, and `page`'s admin signed in as them from their page. */
async function impersonating(page: Page, browser: Browser, visit: Visit, name: string) {
  await signInAdmin(page, { name: 'Sam Support' });
  const ownContext = await browser.newContext();
  const own = await ownContext.newPage();
  const email = newEmail('looked-at');
  await signIn(own, email, { name });
  const { user } = await currentSession(own);

  await visit(`/manager/users/${user.id}`);
  await page.getByRole('button', { name: 'Sign in as this user' }).click();
  await page
    .getByRole('dialog', { name: `Sign in as ${name}?` })
    .getByRole('button', { name: 'Sign in as this user' })
    .click();
  await expect(page).toHaveURL(/\/app$/);
  const impersonation = (await currentSession(page)).session;
  expect(impersonation.impersonatedBy).toBeTruthy();
  return { ownContext, own, email, user, impersonation };
}

test('the user’s own session list shows the admin as "Administrator access", without their address', async ({
  page,
  browser,
  visit,
}) => {
  const { ownContext, own, impersonation } = await impersonating(page, browser, visit, 'Ivy Looked');
  await own.goto('/app/account');
  await waitForHydration(own);
  const sessions = region(own, 'Sessions');
  const administrator = sessions.getByRole('listitem').filter({ hasText: 'Administrator access' });
  await expect(administrator).toHaveCount(1);
  // The admin's browser is this suite's Chromium on Linux; none of it is shown for their session.
  await expect(administrator).not.toContainText(/Chrom|Linux/);
  await expect(administrator).not.toContainText('IP address');
  await expect(sessions).not.toContainText(String(impersonation.ipAddress));
  await expectAccessible(own);
  await ownContext.close();
});

test('an admin signed in as a user may look, not take over; their changes are theirs in the log', async ({
  page,
  browser,
  visit,
}) => {
  // Two accounts, an impersonation and several pages checked for accessibility: a long journey.
  test.slow();
  const { ownContext, own, email, user } = await impersonating(page, browser, visit, 'Ivy Acted');

  // Deleting the account is refused, with the account screen's message; the account stays.
  const refusal =
    'An administrator signed in as this user cannot delete the account or change its e-mail address.';
  await visit('/app/account');
  await region(page, 'Delete my account').getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('textbox', { name: /^Type .+ to confirm$/ }).fill(email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(region(page, 'Delete my account').getByText(refusal)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/account/);

  // So is moving the account to another address: no code is sent.
  const card = region(page, 'E-mail address');
  await card.getByRole('button', { name: 'Change e-mail' }).click();
  await card.getByRole('textbox', { name: 'New e-mail address' }).fill(newEmail('taken-over'));
  await card.getByRole('button', { name: 'Send code' }).click();
  await expect(card.getByText(refusal)).toBeVisible();
  await expect(page).not.toHaveURL(/newEmail=/);

  // A change the user could make is made, and recorded as the admin's.
  await visit('/app/account?state=change-name', { axe: false });
  const rename = page.getByRole('dialog', { name: 'Change name' });
  await rename.getByRole('textbox', { name: 'Name' }).fill('Ivy Renamed');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name updated')).toBeVisible();
  // So is a server function's change, even one that writes no audit entry of its own.
  const onboarded = await callServerFn(page.request, origin, {
    fn: 'src/features/auth/functions.ts#$completeOnboarding',
    method: 'POST',
    data: { name: 'Ivy Renamed' },
  });
  expect(onboarded.errorMessage).toBeUndefined();
  expect(onboarded.result).toEqual({ ok: true });

  await page
    .getByRole('region', { name: /You are signed in as/ })
    .getByRole('button', { name: 'Stop impersonating' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/manager/users/${user.id}$`));
  const entry = 'Sam Support, acting as Ivy Acted, edited Ivy Renamed';
  const activity = page.getByRole('list', { name: 'Activity log' });
  await expect(activity).toContainText(entry);
  await expect(activity).toContainText(
    'Sam Support, acting as Ivy Renamed, changed the account of Ivy Renamed',
  );
  await expectAccessible(page);
  await visit('/manager/dashboard');
  await expect(page.getByRole('list', { name: 'Activity log' })).toContainText(entry);

  // The account is still the user's.
  await own.goto('/app/account');
  await waitForHydration(own);
  await expect(region(own, 'E-mail address').getByText(email)).toBeVisible();
  await ownContext.close();
});

test('demo visitors, all signed in as the sample admin, do not see each other’s addresses', async ({
  page,
  browser,
}) => {
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInDemo(other, appConfig.seed.adminEmail);
  const visitor = (await currentSession(other, demoOrigin())).session;
  expect(visitor.ipAddress).toBeTruthy();
  await signInDemo(page, appConfig.seed.adminEmail);
  const me = await currentSession(page, demoOrigin());

  await page.goto(`${demoOrigin()}/app/account`);
  await waitForHydration(page);
  const sessions = region(page, 'Sessions');
  // The visitor's own address is theirs to see; the other visitor's is hidden.
  await expect(sessions.getByText(String(me.session.ipAddress))).toBeVisible();
  await expect(sessions.getByText('Hidden in the demo').first()).toBeVisible();
  await expect(sessions).not.toContainText(String(visitor.ipAddress));

  await page.goto(`${demoOrigin()}/manager/users/${me.user.id}`);
  await waitForHydration(page);
  const listed = region(page, 'Sessions');
  await expect(listed.getByText('Hidden in the demo').first()).toBeVisible();
  await expect(listed).not.toContainText(String(visitor.ipAddress));
  await expectAccessible(page);
  await otherContext.close();
});

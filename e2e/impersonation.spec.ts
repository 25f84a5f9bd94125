// Impersonation is for looking (issue 15 §4): an admin signed in as a user is refused deleting the account
// and changing its e-mail, the user's own session list shows "Administrator access" without the admin's
// address or browser, and what the admin changed is on the user's activity and the dashboard as the admin's,
// acting as the user. And demo visitors (one shared sample admin) do not see each other's addresses (§8).
import type { Browser, Page } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { demoOrigin, signInDemo } from './support/demo';
import { callServerFn } from './support/server-fn';
import { newEmail, openUserActions, signIn, signInAdmin } from './support/session';
import { en, enPattern, plain } from './support/text';

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
  await openUserActions(page);
  await page.getByRole('button', { name: en('user:impersonation.action') }).click();
  await page
    .getByRole('dialog', { name: en('user:impersonation.confirmTitle', { name }) })
    .getByRole('button', { name: en('user:impersonation.action') })
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
  const sessions = region(own, en('account:sessions.title'));
  const administrator = sessions.getByRole('listitem').filter({ hasText: en('sessions.administrator') });
  await expect(administrator).toHaveCount(1);
  // The admin's browser is this suite's Chromium on Linux; none of it is shown for their session.
  await expect(administrator).not.toContainText(/Chrom|Linux/);
  await expect(administrator).not.toContainText(en('sessions.ip'));
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
  const refusal = en('account:errors.NOT_WHILE_IMPERSONATING');
  await visit('/app/account');
  await region(page, en('account:delete.title'))
    .getByRole('button', { name: en('account:delete.action') })
    .click();
  const dialog = page.getByRole('dialog', { name: en('account:delete.confirmTitle') });
  await dialog
    .getByRole('textbox', { name: new RegExp(`^${enPattern('account:delete.typeEmail', { email: /.+/ })}$`) })
    .fill(email);
  await dialog.getByRole('button', { name: en('account:delete.action') }).click();
  await expect(region(page, en('account:delete.title')).getByText(refusal)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/account/);

  // So is moving the account to another address: no code is sent.
  const card = region(page, en('account:email.title'));
  await card.getByRole('button', { name: en('account:email.change') }).click();
  await card.getByRole('textbox', { name: en('account:email.newLabel') }).fill(newEmail('taken-over'));
  await card.getByRole('button', { name: en('account:email.send') }).click();
  await expect(card.getByText(refusal)).toBeVisible();
  await expect(page).not.toHaveURL(/newEmail=/);

  // A change the user could make is made, and recorded as the admin's.
  await visit('/app/account?state=change-name');
  const rename = page.getByRole('dialog', { name: en('account:changeName.title') });
  await rename.getByRole('textbox', { name: en('account:changeName.label') }).fill('Ivy Renamed');
  await rename.getByRole('button', { name: en('account:changeName.submit') }).click();
  await expect(page.getByText(en('account:changeName.success'))).toBeVisible();
  // So is a server function's change, even one that writes no audit entry of its own.
  const onboarded = await callServerFn(page.request, origin, {
    fn: 'src/features/auth/functions.ts#$completeOnboarding',
    method: 'POST',
    data: { name: 'Ivy Renamed' },
  });
  expect(onboarded.errorMessage).toBeUndefined();
  expect(onboarded.result).toEqual({ ok: true });

  await page
    .getByRole('region', { name: new RegExp(enPattern('auth:impersonation.signedInAs', { name: /.*/ })) })
    .getByRole('button', { name: en('auth:impersonation.stop') })
    .click();
  await expect(page).toHaveURL(new RegExp(`/manager/users/${user.id}$`));
  const actingAs = (user: string) => plain(en('audit:actingAs', { admin: 'Sam Support', user }));
  const entry = plain(en('user:audit.update', { actor: actingAs('Ivy Acted'), target: 'Ivy Renamed' }));
  const activity = page.getByRole('list', { name: en('audit:label') });
  await expect(activity).toContainText(entry);
  await expect(activity).toContainText(
    plain(en('account:audit.change', { actor: actingAs('Ivy Renamed'), target: 'Ivy Renamed' })),
  );
  await expectAccessible(page);
  await visit('/manager/dashboard');
  await expect(page.getByRole('list', { name: en('audit:label') })).toContainText(entry);

  // The account is still the user's.
  await own.goto('/app/account');
  await waitForHydration(own);
  await expect(region(own, en('account:email.title')).getByText(email)).toBeVisible();
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
  const sessions = region(page, en('account:sessions.title'));
  // The visitor's own address is theirs to see; the other visitor's is hidden.
  await expect(sessions.getByText(String(me.session.ipAddress))).toBeVisible();
  await expect(sessions.getByText(en('sessions.ipHidden')).first()).toBeVisible();
  await expect(sessions).not.toContainText(String(visitor.ipAddress));

  await page.goto(`${demoOrigin()}/manager/users/${me.user.id}`);
  await waitForHydration(page);
  const listed = region(page, en('user:sessions.title'));
  await expect(listed.getByText(en('sessions.ipHidden')).first()).toBeVisible();
  await expect(listed).not.toContainText(String(visitor.ipAddress));
  await expectAccessible(page);
  await otherContext.close();
});

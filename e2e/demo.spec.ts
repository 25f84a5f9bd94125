// Read-only demo end to end, on the third e2e server (the same build started with VITE_IS_DEMO=true):
// sign-in with the fixed code, a refused change opens the demo dialog and changes nothing, and the
// endpoints refuse direct calls too. Texts come from public/locales/<lng>/*.json.
import type { Page, Request } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { demoHeaders, demoOrigin, demoSessionUser, signInDemo } from './support/demo';
import { en, text } from './support/text';

const { userEmail, adminEmail } = appConfig.seed;

/** The demo dialog, checked for its content in the page's language. */
async function expectDemoDialog(page: Page, lng: 'en' | 'ar') {
  const dialog = page.getByRole('dialog', { name: text(lng, 'demo.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text(lng, 'demo.message'));
  await expect(dialog).toContainText(appConfig.demo.scaffoldCommand);
  await expect(dialog.getByRole('link', { name: text(lng, 'demo.readme') })).toHaveAttribute(
    'href',
    appConfig.demo.readmeUrl,
  );
  await expect(dialog.getByRole('link', { name: appConfig.demo.contactEmail })).toHaveAttribute(
    'href',
    `mailto:${appConfig.demo.contactEmail}`,
  );
  // The dialog replaces the error toast: none is shown for the refusal.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  return dialog;
}

/** Opens the account page's "change name" dialog, submits a new name, and returns the demo dialog. */
async function tryToRename(page: Page, lng: 'en' | 'ar') {
  await page.goto(`${demoOrigin()}/app/account?state=change-name${lng === 'en' ? '' : `&lng=${lng}`}`);
  await waitForHydration(page);
  const form = page.getByRole('dialog', { name: text(lng, 'account:changeName.title') });
  await form
    .getByRole('textbox', { name: text(lng, 'account:changeName.label') })
    .fill('Renamed in the demo');
  await form.getByRole('button', { name: text(lng, 'account:changeName.submit') }).click();
  return expectDemoDialog(page, lng);
}

test('a visitor signs in to the demo with the fixed code', async ({ page, visit }) => {
  await visit(`${demoOrigin()}/login`);
  await expect(
    page.getByText(en('auth:login.hint.demoCode', { code: appConfig.auth.demoCode })),
  ).toBeVisible();
  // The sample accounts have no passkeys and cannot register one: no passkey sign-in is offered.
  await expect(page.getByRole('button', { name: en('auth:login.passkey') })).toHaveCount(0);
  await page.getByRole('textbox', { name: en('auth:login.email.label') }).fill(userEmail);
  // Sign-up is off in a demo: the login-only wording.
  await page.getByRole('button', { name: en('auth:login.submit') }).click();
  await expect(page).toHaveURL(/\/login\/verify\?/);
  await waitForHydration(page);
  await page
    .getByRole('textbox', { name: en('auth:verify.code.label') })
    .pressSequentially(appConfig.auth.demoCode);
  await expect(page).toHaveURL(/\/app$/);
  expect(await demoSessionUser(page)).toMatchObject({ email: userEmail });
});

test('renaming oneself opens the demo dialog, which closes; the name stays', async ({ page }) => {
  await signInDemo(page, userEmail);
  const before = await demoSessionUser(page);
  const dialog = await tryToRename(page, 'en');
  await expectAccessible(page);

  await dialog.getByRole('button', { name: en('demo.close') }).click();
  await expect(dialog).toBeHidden();
  expect(await demoSessionUser(page)).toEqual(before);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText(before?.name ?? '', { exact: true }).first()).toBeVisible();
});

test('the demo dialog is accessible in Arabic', async ({ page }) => {
  await signInDemo(page, userEmail);
  await tryToRename(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectAccessible(page);
});

test('the fixed code signs in the sample accounts only', async ({ page }) => {
  await signInDemo(page, adminEmail);
  const listed = await page.request.get(
    `${demoOrigin()}/api/auth/admin/list-users?searchField=email&searchOperator=ends_with&searchValue=.2@example.com`,
    { headers: demoHeaders() },
  );
  expect(listed.status(), await listed.text()).toBe(200);
  const other = ((await listed.json()) as { users: { email: string }[] }).users[0]?.email;
  expect(other).toMatch(/@example\.com$/);
  for (const email of [other as string, 'nobody@example.org']) {
    const headers = demoHeaders();
    const sent = await page.request.post(`${demoOrigin()}/api/auth/email-otp/send-verification-otp`, {
      headers,
      data: { email, type: 'sign-in' },
    });
    expect(sent.status(), email).toBe(200);
    const refused = await page.request.post(`${demoOrigin()}/api/auth/sign-in/email-otp`, {
      headers,
      data: { email, otp: appConfig.auth.demoCode },
    });
    expect(refused.status(), email).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_OTP' });
  }
});

test('a refused server function opens the dialog, and a replayed POST is refused too', async ({ page }) => {
  // Creating a repository is a POST server function.
  await signInDemo(page, adminEmail);
  await page.goto(`${demoOrigin()}/manager/repositories/new`);
  await waitForHydration(page);
  const name = `Demo attempt ${Date.now()}`;
  await page.getByRole('textbox', { name: en('repository:form.name.label') }).fill(name);
  await page.getByRole('textbox', { name: en('repository:form.link.label') }).fill('example.com/demo');
  // A platform repository asks for its organization.
  await page
    .getByRole('combobox', { name: en('repository:form.organization.label') })
    .selectOption({ label: 'Acme' });
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/_serverFn/'));
  await page.getByRole('button', { name: en('repository:create.submit') }).click();
  const call: Request = await posted;
  const dialog = await expectDemoDialog(page, 'en');
  // Nor does the form add an error of its own, and what was typed stays.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: en('demo.close') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: en('repository:form.name.label') })).toHaveValue(name);

  // Nothing changed: the list does not know the name.
  await page.goto(`${demoOrigin()}/manager/repositories?searchTerm=${encodeURIComponent(name)}`);
  await waitForHydration(page);
  // The term is isolated for right-to-left pages: the status reads "No results for "⁨…⁩"".
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    en('dataList.noResults', { term: `\u2068${name}\u2069` }),
  );
  await expect(page.getByRole('main').getByRole('status')).toContainText(name);

  // The captured call replayed as is, outside the page: refused by the server, not by the page.
  const sent = await call.allHeaders();
  const replayed = await page.request.post(call.url(), {
    headers: {
      ...demoHeaders(),
      'content-type': sent['content-type'] ?? 'application/json',
      'x-tsr-serverfn': sent['x-tsr-serverfn'] ?? 'true',
    },
    data: call.postData() ?? '',
  });
  // Start answers a server-function call with its serialised outcome: here an error whose message is the code.
  const answer = await replayed.text();
  expect(answer).toContain('"error"');
  expect(answer).toContain('DEMO_MODE');
});

test('auth writes are refused over HTTP while the session lookup works', async ({ page }) => {
  await signInDemo(page, userEmail);
  const before = await demoSessionUser(page);
  expect(before).toMatchObject({ email: userEmail });

  const refused = await page.request.post(`${demoOrigin()}/api/auth/update-user`, {
    headers: demoHeaders(),
    data: { name: 'Renamed over HTTP' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'DEMO_MODE' });

  const session = await page.request.get(`${demoOrigin()}/api/auth/get-session`, { headers: demoHeaders() });
  expect(session.status()).toBe(200);
  expect(await demoSessionUser(page)).toEqual(before);
});

test('inviting from the organization screen opens the demo dialog; nobody is invited', async ({ page }) => {
  // The seeded admin owns Acme, the demo's organization.
  await signInDemo(page, adminEmail);
  await page.goto(`${demoOrigin()}/app/organization`);
  await waitForHydration(page);
  const invitations = page.getByRole('region', { name: /^Pending invitations/ });
  const before = await invitations.textContent();
  await page.getByRole('button', { name: en('organization:settings.invite.action'), exact: true }).click();
  const form = page.getByRole('dialog', { name: en('organization:settings.invite.title') });
  await form
    .getByRole('textbox', { name: en('organization:settings.invite.email') })
    .fill('demo-invitee@example.com');
  await form.getByRole('button', { name: en('organization:settings.invite.submit') }).click();
  const dialog = await expectDemoDialog(page, 'en');
  await dialog.getByRole('button', { name: en('demo.close') }).click();
  await page.reload();
  await waitForHydration(page);
  await expect(invitations).toHaveText(before ?? '');
  await expect(invitations).not.toContainText('demo-invitee@example.com');
});

test('the demo shows the plans; upgrading and managing billing open the demo dialog', async ({ page }) => {
  await signInDemo(page, adminEmail);
  await page.goto(`${demoOrigin()}/app/organization`);
  await waitForHydration(page);
  const section = page.getByRole('region', { name: en('billing:section.title') });
  await expect(section).toContainText(en('billing:demo'));
  const pro = section.getByRole('article', { name: en('billing:plans.pro.name') });
  await pro.getByRole('button', { name: en('billing:actions.upgrade') }).click();
  const dialog = await expectDemoDialog(page, 'en');
  await dialog.getByRole('button', { name: en('demo.close') }).click();
  await section.getByRole('button', { name: en('billing:actions.manage') }).click();
  await expectDemoDialog(page, 'en');
  // Nothing left the page for Stripe.
  await expect(page).toHaveURL(`${demoOrigin()}/app/organization`);
});

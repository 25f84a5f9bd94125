// The audit log page: a change shows up as an entry, the filters narrow the log and live in the URL (a
// reload, a shared link or a saved view gives the same view), each entry links to its actor and target,
// and Arabic reads right to left.
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { listRows } from './support/list';
import { newEmail, signIn, signInAdmin } from './support/session';
import { en, plain, text } from './support/text';

test('an admin filters the audit log by action group and actor, reloads, and reads it in Arabic', async ({
  page,
  browser,
  visit,
}) => {
  // Two sign-ins, two filters, a reload and three pages checked by axe: slow on a busy 2-core machine.
  test.setTimeout(240_000);
  await signInAdmin(page, { name: 'Audra Auditor' });
  const adminId = (
    (await (await page.request.get('/api/auth/get-session')).json()) as { user: { id: string } }
  ).user.id;
  const targetContext = await browser.newContext();
  const targetPage = await targetContext.newPage();
  await signIn(targetPage, newEmail('audited'), { name: 'Tess Target' });
  const targetId = (
    (await (await targetPage.request.get('/api/auth/get-session')).json()) as { user: { id: string } }
  ).user.id;
  await targetContext.close();

  // The change to find: a ban, through the same route the user page's Ban dialog calls.
  const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;
  const banned = await page.request.post('/api/auth/admin/ban-user', {
    headers: { origin },
    data: { userId: targetId, banReason: 'audit e2e', banExpiresIn: 3600 },
  });
  expect(banned.status(), await banned.text()).toBe(200);

  await visit('/manager/audit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('audit:pages.list'));
  await page
    .getByRole('combobox', { name: en('audit:filters.group') })
    .selectOption(en('audit:groups.users'));
  await expect(page).toHaveURL(/[?&]group=users/);
  const actor = page.getByRole('combobox', { name: en('audit:filters.actor') });
  await actor.fill('Audra Auditor');
  await page.getByRole('option', { name: /Audra Auditor/ }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]actor=${adminId}`));

  const sentence = plain(en('user:audit.ban', { actor: 'Audra Auditor', target: 'Tess Target' }));
  const checkView = async () => {
    const rows = listRows(page, en('audit:label'));
    // Only this admin's changes to users: the role the seeded admin gave them is not theirs, the ban is.
    await expect(rows.filter({ hasNotText: 'Audra Auditor' })).toHaveCount(0);
    const row = rows.filter({ hasText: sentence });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(sentence);
    await expect(row.getByRole('link', { name: 'Tess Target' })).toHaveAttribute(
      'href',
      `/manager/users/${targetId}`,
    );
    await expect(row.getByRole('link', { name: 'Audra Auditor' })).toHaveAttribute(
      'href',
      `/manager/users/${adminId}`,
    );
    await expect(page.getByRole('combobox', { name: en('audit:filters.group') })).toHaveValue('users');
    await expect(page.getByRole('group', { name: en('audit:filters.actor') })).toContainText('Audra Auditor');
  };
  await checkView();
  await expectAccessible(page);

  await page.reload();
  await waitForHydration(page);
  await checkView();

  // Saved under a name, the view opens again from the sidebar.
  await page.getByRole('button', { name: en('savedView:save.button'), exact: true }).click();
  const save = page.getByRole('dialog', { name: en('savedView:save.title') });
  await save.getByRole('textbox', { name: en('savedView:save.name') }).fill('Audra’s bans');
  await save.getByRole('button', { name: en('savedView:save.submit'), exact: true }).click();
  await expect(save).toBeHidden();
  await visit('/manager/dashboard');
  await page
    .getByRole('complementary')
    .getByRole('link', { name: `Audra’s bans (${en('audit:nav')})`, exact: true })
    .click();
  await expect(page).toHaveURL(/\/manager\/audit\?/);
  await checkView();

  // The user page links to the entries about them: the target filter, removable.
  await visit(`/manager/users/${targetId}`);
  await page.getByRole('link', { name: en('audit:links.aboutUser') }).click();
  await expect(page).toHaveURL(new RegExp(`targetType=user&targetId=${targetId}`));
  await expect(listRows(page, en('audit:label')).first()).toContainText(sentence);
  await expect(
    page.getByRole('button', { name: en('audit:filters.remove', { name: '\u2068Tess Target\u2069' }) }),
  ).toBeVisible();

  // Arabic: right to left, the same view, the sentence in Arabic.
  await visit(`/manager/audit?group=users&actor=${adminId}&lng=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ar', 'audit:pages.list'));
  await expect(listRows(page, text('ar', 'audit:label')).first()).toContainText(
    plain(text('ar', 'user:audit.ban', { actor: 'Audra Auditor', target: 'Tess Target' })),
  );
});

test('a bad filter in a shared link falls back to the whole log instead of an error', async ({
  page,
  visit,
}) => {
  test.setTimeout(90_000);
  await signInAdmin(page, { name: 'Link Follower' });
  await visit('/manager/audit?group=everything&from=2026-02-31&targetId=x');
  await expect(page.getByRole('combobox', { name: en('audit:filters.group') })).toHaveValue('');
  await expect(listRows(page, en('audit:label')).first()).toBeVisible();
});

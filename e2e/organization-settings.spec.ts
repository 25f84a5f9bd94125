// The organization screen (/app/organization) as its owner, an admin and a member use it: rename, invite
// from the screen (the e-mail arrives, the colleague accepts from its link), role changes shown and
// enforced, removing a member, teams, the sole owner refused when leaving, deleting by typing the name;
// and the Arabic screen right to left.
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { mimePart, waitForMail } from './support/mail';
import { newEmail, signIn } from './support/session';
import { en, plain, text } from './support/text';

const origin = () => `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;

/** A second browser, signed in and onboarded as `name`. */
async function colleagueIn(browser: Browser, email: string, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, { name });
  return { page, close: () => context.close() };
}

async function openScreen(page: Page) {
  await page.goto('/app/organization');
  await waitForHydration(page);
  await expect(
    page.getByRole('heading', { level: 1, name: en('organization:settings.title') }),
  ).toBeVisible();
}

test.describe('rendered on the server (no JavaScript)', () => {
  test.use({ javaScriptEnabled: false });

  test('the first page of a new user shows the workspace its guard made, not an empty screen', async ({
    page,
  }) => {
    await signIn(page, newEmail('first-page'), { name: 'Ida First', workspace: false });
    await page.goto('/app/organization');
    await expect(
      page.getByRole('heading', { level: 1, name: en('organization:settings.title') }),
    ).toBeVisible();
    await expect(
      page.getByText(en('organization:workspace.name', { name: 'Ida First' })).first(),
    ).toBeVisible();
  });
});

test('an owner renames, invites from the screen, changes a role and removes the member; a member sees no controls', async ({
  page,
  browser,
  visit,
}) => {
  await signIn(page, newEmail('org-owner'), { name: 'Olga Owner' });
  await visit('/app/organization');
  await expect(
    page.getByText(en('organization:workspace.name', { name: 'Olga Owner' })).first(),
  ).toBeVisible();

  // Rename: name and address, then the header's switcher shows the new name too.
  const name = `Olga Labs ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: en('organization:settings.general.edit'), exact: true }).click();
  const rename = page.getByRole('dialog', { name: en('organization:settings.general.editTitle') });
  await rename.getByRole('textbox', { name: en('organization:manager.detail.name') }).fill(name);
  await rename.getByRole('textbox', { name: en('organization:settings.general.slug') }).fill(`Not a slug!`);
  await rename.getByRole('button', { name: en('organization:settings.general.save') }).click();
  await expect(rename.getByText(en('organization:validation.slug.invalid'))).toBeVisible();
  await rename
    .getByRole('textbox', { name: en('organization:settings.general.slug') })
    .fill(name.toLowerCase().replaceAll(' ', '-'));
  await rename.getByRole('button', { name: en('organization:settings.general.save') }).click();
  await expect(page.getByText(en('organization:settings.general.saved', { name }))).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(name);

  // Invite a colleague as a member: the invitation is listed and its e-mail arrives.
  const colleagueEmail = newEmail('org-colleague');
  const since = Date.now();
  await page.getByRole('button', { name: en('organization:settings.invite.action'), exact: true }).click();
  const inviteDialog = page.getByRole('dialog', { name: en('organization:settings.invite.title') });
  await inviteDialog
    .getByRole('textbox', { name: en('organization:settings.invite.email') })
    .fill(colleagueEmail);
  await inviteDialog.getByRole('button', { name: en('organization:settings.invite.submit') }).click();
  await expect(
    page.getByText(en('organization:settings.invite.sent', { email: colleagueEmail })),
  ).toBeVisible();
  const invitations = page.getByRole('list', {
    name: en('organization:manager.detail.invitations', { count: 1 }),
  });
  await expect(invitations).toContainText(colleagueEmail);
  const link = /https?:\/\/\S+\/invitations\/[^\s)>\]]+/.exec(
    mimePart(await waitForMail(colleagueEmail, since), 'text/plain'),
  )?.[0];
  expect(link).toMatch(/\/invitations\//);

  // A second invitation to the same address is refused under the field; what was typed stays.
  await page.getByRole('button', { name: en('organization:settings.invite.action'), exact: true }).click();
  const again = page.getByRole('dialog', { name: en('organization:settings.invite.title') });
  const emailField = again.getByRole('textbox', { name: en('organization:settings.invite.email') });
  await emailField.fill(colleagueEmail);
  await again.getByRole('button', { name: en('organization:settings.invite.submit') }).click();
  await expect(
    again.getByText(en('organization:settings.errors.USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION')),
  ).toBeVisible();
  await expect(emailField).toHaveValue(colleagueEmail);
  await page.keyboard.press('Escape');

  // The colleague accepts from the e-mail's link and sees the organization, read-only.
  const colleague = await colleagueIn(browser, colleagueEmail, 'Cole Member');
  try {
    await colleague.page.goto(link ?? '');
    await waitForHydration(colleague.page);
    await colleague.page.getByRole('button', { name: en('organization:invitationPage.accept') }).click();
    await expect(colleague.page).toHaveURL(/\/app$/);
    await openScreen(colleague.page);
    await expect(colleague.page.getByRole('main')).toContainText(name);
    for (const control of [
      en('organization:settings.general.edit'),
      en('organization:settings.invite.action'),
      en('organization:manager.delete.action'),
    ]) {
      await expect(colleague.page.getByRole('button', { name: control })).toHaveCount(0);
    }
    await expect(colleague.page.getByRole('combobox', { name: /Olga Owner/ })).toHaveCount(0);
    // The hidden controls are refused on the server too.
    const refused = await colleague.page.request.post(`${origin()}/api/auth/organization/invite-member`, {
      headers: { origin: origin() },
      data: { email: newEmail('not-allowed'), role: 'member' },
    });
    expect(refused.status()).toBe(403);

    // The owner makes the colleague an admin: they may now invite and rename, not delete.
    await page.reload();
    await waitForHydration(page);
    await page
      .getByRole('combobox', { name: en('organization:settings.members.roleOf', { name: 'Cole Member' }) })
      .selectOption('admin');
    await expect(
      page.getByText(
        en('organization:settings.members.roleChanged', {
          name: 'Cole Member',
          role: en('organization:roles.admin'),
        }),
      ),
    ).toBeVisible();
    await openScreen(colleague.page);
    await expect(
      colleague.page.getByRole('button', { name: en('organization:settings.invite.action'), exact: true }),
    ).toBeVisible();
    await expect(
      colleague.page.getByRole('button', { name: en('organization:manager.delete.action'), exact: true }),
    ).toHaveCount(0);
    // An owner's row is the owners' to change.
    await expect(
      colleague.page.getByRole('combobox', {
        name: en('organization:settings.members.roleOf', { name: 'Olga Owner' }),
      }),
    ).toHaveCount(0);

    // Teams: a new one, the colleague added and removed, the team deleted; the last one stays.
    await page.getByRole('button', { name: en('organization:teams.create') }).click();
    const teamDialog = page.getByRole('dialog', { name: en('organization:teams.createTitle') });
    await teamDialog.getByRole('textbox', { name: en('organization:teams.nameLabel') }).fill('Design');
    await teamDialog.getByRole('button', { name: en('organization:teams.createSubmit') }).click();
    await expect(page.getByText(en('organization:teams.created', { name: 'Design' }))).toBeVisible();
    await page
      .getByRole('combobox', { name: en('organization:teams.addMemberLabel', { name: 'Design' }) })
      .selectOption({
        label: en('organization:teams.option', { name: 'Cole Member', email: colleagueEmail }),
      });
    await page
      .getByRole('article', { name: 'Design' })
      .getByRole('button', { name: en('organization:teams.add') })
      .click();
    await expect(
      page.getByRole('list', { name: en('organization:teams.membersOf', { name: 'Design' }) }),
    ).toContainText('Cole Member');
    await page
      .getByRole('button', {
        name: en('organization:teams.removeMemberLabel', { name: 'Cole Member', team: 'Design' }),
      })
      .click();
    await expect(
      page.getByText(en('organization:teams.memberRemoved', { name: 'Cole Member', team: 'Design' })),
    ).toBeVisible();
    await page
      .getByRole('button', { name: en('organization:teams.removeLabel', { name: 'Design' }) })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en('organization:teams.remove') })
      .click();
    await expect(page.getByText(en('organization:teams.removed', { name: 'Design' }))).toBeVisible();
    const lastTeam = page.getByRole('button', { name: new RegExp(`^${en('organization:teams.remove')} `) });
    await lastTeam.first().click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en('organization:teams.remove') })
      .click();
    await expect(page.getByText(en('organization:teams.errors.UNABLE_TO_REMOVE_LAST_TEAM'))).toBeVisible();
    await page.keyboard.press('Escape');

    // The sole owner may not leave: the spec's message.
    await page.getByRole('button', { name: en('organization:settings.leave.action'), exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en('organization:settings.leave.action'), exact: true })
      .click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: en('auth:errors.YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER') }),
    ).toBeVisible();

    // Removing the colleague: they are gone from the list, and from the organization on their next visit.
    await page
      .getByRole('button', { name: en('organization:settings.members.removeLabel', { name: 'Cole Member' }) })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en('organization:settings.members.remove') })
      .click();
    await expect(
      page.getByText(en('organization:settings.members.removed', { name: 'Cole Member' })),
    ).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(colleagueEmail);
    await openScreen(colleague.page);
    await expect(colleague.page.getByRole('main')).not.toContainText(name);
  } finally {
    await colleague.close();
  }

  // Deleting: confirmed by typing the name; the owner lands in a new workspace of their own.
  await page.getByRole('button', { name: en('organization:manager.delete.action'), exact: true }).click();
  const confirm = page.getByRole('dialog');
  const deleteButton = confirm.getByRole('button', {
    name: en('organization:manager.delete.action'),
    exact: true,
  });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByRole('textbox').fill(name);
  await deleteButton.click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByText(en('organization:manager.delete.done', { name }))).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(
    en('organization:workspace.name', { name: 'Olga Owner' }),
  );
  await expect(page.getByRole('banner')).not.toContainText(name);
});

test('the organization screen in Arabic reads right to left and is accessible', async ({ page, visit }) => {
  await signIn(page, newEmail('org-ar'), { name: 'Amal' });
  await visit('/app/organization?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(
    page.getByRole('heading', { level: 1, name: plain(text('ar', 'organization:settings.title')) }),
  ).toBeVisible();
  await page.getByRole('button', { name: text('ar', 'organization:settings.invite.action') }).click();
  await expect(
    page.getByRole('dialog', { name: text('ar', 'organization:settings.invite.title') }),
  ).toBeVisible();
  await expectAccessible(page);
});

// Invitations end to end: the seeded owner of Acme invites an address through better-auth's API, the
// e-mail reaches the SMTP catcher, and the recipient follows its link in another browser, signs up with a
// mailed code, accepts and works in Acme. Also: someone else signed in is told the invitation is not
// theirs, a cancelled one says so, and the Arabic page reads right to left.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { mimePart, subjectOf, waitForCode, waitForMail } from './support/mail';
import { newEmail, seededAdmin, signIn } from './support/session';
import { en, plain, text } from './support/text';

const origin = () => `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;

/** better-auth's organization routes as Acme's seeded owner (admin@example.com) calls them. */
async function asAcmeOwner(page: Page, path: string, data: Record<string, unknown>) {
  const response = await fetch(`${origin()}/api/auth/organization/${path}`, {
    method: 'POST',
    headers: {
      origin: origin(),
      cookie: await seededAdmin(page, origin()),
      'content-type': 'application/json',
    },
    body: JSON.stringify({ organizationId: 'acme', ...data }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** Invites `email` to Acme as a member; answers the invitation's id and the link its e-mail carries. */
async function invite(page: Page, email: string) {
  const since = Date.now();
  const { id } = (await asAcmeOwner(page, 'invite-member', { email, role: 'member' })) as { id: string };
  const mail = await waitForMail(email, since);
  const body = mimePart(mail, 'text/plain');
  const link = /https?:\/\/\S+\/invitations\/[^\s)>\]]+/.exec(body)?.[0];
  return { id, link, mail, body };
}

test('an owner invites an address; its owner signs up from the e-mail and works in Acme', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = newEmail('invited');
  const { id, link, mail, body } = await invite(page, email);
  expect(subjectOf(mail)).toBe(
    en('email:invitation.subject', { inviter: 'Admin', organization: 'Acme', product: 'Starter' }),
  );
  expect(body).toContain('Acme');
  expect(link).toBe(`${origin()}/invitations/${id}`);

  const recipient = await (await browser.newContext()).newPage();
  try {
    await recipient.goto(link ?? '');
    await waitForHydration(recipient);
    await expect(recipient.getByRole('heading', { level: 1 })).toHaveText(
      plain(en('organization:invitationPage.title', { organization: 'Acme' })),
    );
    await expectAccessible(recipient);
    await recipient
      .getByRole('link', { name: plain(en('organization:invitationPage.signInAs', { email })) })
      .click();

    // The sign-in page already holds the invited address; the first code creates the account.
    const field = recipient.getByRole('textbox', { name: en('auth:login.email.label') });
    await expect(field).toHaveValue(email);
    const since = Date.now();
    await recipient.getByRole('button', { name: en('auth:login.submitSignUp') }).click();
    await recipient
      .getByRole('textbox', { name: en('auth:verify.code.label') })
      .pressSequentially(await waitForCode(email, since));

    // Back on the invitation, now as its recipient.
    await expect(recipient).toHaveURL(new RegExp(`/invitations/${id}$`));
    await recipient.getByRole('button', { name: en('organization:invitationPage.accept') }).click();

    // Onboarding asks for a name, then the app opens inside Acme: no workspace of their own.
    await recipient.getByRole('textbox', { name: en('auth:onboarding.name.label') }).fill('Ivy Invited');
    await recipient.getByRole('button', { name: en('auth:onboarding.submit') }).click();
    await expect(recipient.getByRole('button', { name: en('organization:switcher.label') })).toContainText(
      'Acme',
    );
    await recipient.goto(`${origin()}/app/repositories`);
    await waitForHydration(recipient);
    await expect(
      recipient.getByText(en('dataList.showing', { shown: 20, total: 36 }), { exact: true }).first(),
    ).toBeVisible();
    const mine = await recipient.request.get(`${origin()}/api/auth/get-session`);
    expect(((await mine.json()) as { session: { activeOrganizationId: string } }).session).toMatchObject({
      activeOrganizationId: 'acme',
    });
  } finally {
    await recipient.context().close();
    // Acme's member list goes back to what the other files count on.
    await asAcmeOwner(page, 'remove-member', { memberIdOrEmail: email });
  }
});

test('someone else signed in is told the invitation is not theirs, and may switch account', async ({
  page,
}) => {
  const invited = newEmail('not-mine');
  const { link } = await invite(page, invited);
  try {
    await signIn(page, newEmail('someone-else'), { name: 'Sam Else' });
    await page.goto(link ?? '');
    await waitForHydration(page);
    await expect(page.getByRole('alert')).toHaveText(
      en('organization:invitationPage.errors.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION'),
    );
    await expect(page.getByRole('button', { name: en('organization:invitationPage.accept') })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: en('organization:invitationPage.signOut') }).click();
    // Signed out, at sign-in with the invited address, coming back to the invitation after.
    await expect(page.getByRole('textbox', { name: en('auth:login.email.label') })).toHaveValue(invited);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(new URL(link ?? '').pathname);
  } finally {
    await asAcmeOwner(page, 'cancel-invitation', { invitationId: /[^/]+$/.exec(link ?? '')?.[0] });
  }
});

test('a cancelled invitation says so, and an unknown one is not found', async ({ page, visit }) => {
  const { id } = await invite(page, newEmail('cancelled'));
  await asAcmeOwner(page, 'cancel-invitation', { invitationId: id });
  await visit(`/invitations/${id}`);
  await expect(page.getByRole('alert')).toHaveText(en('organization:invitationPage.problems.CANCELED'));
  await expect(page.getByRole('button', { name: en('organization:invitationPage.accept') })).toHaveCount(0);
  await expect(page.locator('main a[href^="/login"]')).toHaveCount(0);

  const missing = await page.goto('/invitations/no-such-invitation');
  expect(missing?.status()).toBe(404);
});

test('the Arabic invitation page reads right to left and is accessible', async ({ page, visit }) => {
  const { id } = await invite(page, newEmail('arabic'));
  try {
    await visit(`/invitations/${id}?lng=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      plain(text('ar', 'organization:invitationPage.title', { organization: 'Acme' })),
    );
    await expect(page.getByText(text('ar', 'organization:invitationPage.signInSignUp'))).toBeVisible();
  } finally {
    await asAcmeOwner(page, 'cancel-invitation', { invitationId: id });
  }
});

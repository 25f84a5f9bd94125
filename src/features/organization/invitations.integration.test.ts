import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { invitation, member, user } from '@/server/db/schema/index';
import { createTestAuth, type TestAuth } from '@/test/auth';
import { mimePart, subjectOf } from '@/test/smtp-catcher';
import { findInvitationView, findMembership, firstOrganizationOf, listMyOrganizations } from './data.server';

// Invitations as the invitation page and the organization screens reach them (better-auth's routes through
// `auth.handler`, with the product's settings): who may accept, expiry, refused invitations, and signing
// up from one.
let t: TestAuth;
let counter = 0;
const newAddress = (label: string) => `${label}-${++counter}@example.test`;
let owner: { cookie: string; id: string; email: string };
let organizationId: string;

const post = (cookie: string, path: string, body: unknown) =>
  t.request('POST', `/organization/${path}`, body, { cookie });

async function invite(email: string, role = 'member') {
  const response = await post(owner.cookie, 'invite-member', { email, role, organizationId });
  expect(response.status, response.text).toBe(200);
  return String(response.body?.id);
}

const activeOrganizationOf = async (cookie: string) =>
  ((await t.getSession(cookie)).body?.session as { activeOrganizationId?: string | null })
    .activeOrganizationId ?? null;

beforeAll(async () => {
  t = await createTestAuth();
  owner = await t.signedIn(newAddress('owner'));
  await t.db.update(user).set({ name: 'Olive Owner', onboardedAt: new Date() }).where(eq(user.id, owner.id));
  const created = await post(owner.cookie, 'create', { name: 'Acme', slug: `acme-${counter}` });
  expect(created.status, created.text).toBe(200);
  organizationId = String(created.body?.id);
});

afterAll(async () => {
  await t?.close();
});

describe('an invitation', () => {
  it('is mailed to the invited address with a link to its page', async () => {
    const email = newAddress('mailed');
    const id = await invite(email, 'admin');
    await t.mailsSettled();
    const [mail] = t.mailsTo(email);
    if (!mail) throw new Error('no invitation e-mail');
    expect(mimePart(mail, 'text/plain')).toContain(`http://localhost:3000/invitations/${id}`);
    expect(subjectOf(mail)).toBe('Olive Owner invited you to Acme on Starter');
    expect(await findInvitationView(id, t.db)).toMatchObject({
      organizationName: 'Acme',
      inviterName: 'Olive Owner',
      email,
      role: 'admin',
      problem: null,
    });
  });

  it('may be accepted or declined only by its recipient', async () => {
    const email = newAddress('recipient');
    const id = await invite(email);
    const other = await t.signedIn(newAddress('other'));
    for (const path of ['accept-invitation', 'reject-invitation']) {
      const refused = await post(other.cookie, path, { invitationId: id });
      expect(refused.status, path).toBe(403);
      expect(refused.body?.code, path).toBe('YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION');
    }
    expect(await findMembership(organizationId, other.id, t.db)).toBeUndefined();
    expect((await findInvitationView(id, t.db))?.problem).toBeNull();
  });

  it('cannot be accepted once expired', async () => {
    const email = newAddress('late');
    const id = await invite(email);
    await t.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, id));
    const recipient = await t.signedIn(email);
    const refused = await post(recipient.cookie, 'accept-invitation', { invitationId: id });
    expect(refused.status).toBe(400);
    expect(refused.body?.code).toBe('INVITATION_NOT_FOUND');
    expect(await findMembership(organizationId, recipient.id, t.db)).toBeUndefined();
    expect((await findInvitationView(id, t.db))?.problem).toBe('EXPIRED');
  });

  it('is refused a second time while the first is pending', async () => {
    const email = newAddress('twice');
    const first = await invite(email);
    const again = await post(owner.cookie, 'invite-member', { email, role: 'admin', organizationId });
    expect(again.status).toBe(400);
    expect(again.body?.code).toBe('USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION');
    const pending = await t.db
      .select({ id: invitation.id })
      .from(invitation)
      .where(and(eq(invitation.email, email), eq(invitation.status, 'pending')));
    expect(pending).toEqual([{ id: first }]);
  });

  it('is refused for an address that already is a member', async () => {
    const refused = await post(owner.cookie, 'invite-member', {
      email: owner.email,
      role: 'member',
      organizationId,
    });
    expect(refused.status).toBe(400);
    expect(refused.body?.code).toBe('USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
    expect(await t.db.select().from(invitation).where(eq(invitation.email, owner.email))).toEqual([]);
  });

  it('shows as declined or cancelled once it is', async () => {
    const declinedEmail = newAddress('declines');
    const declined = await invite(declinedEmail);
    const recipient = await t.signedIn(declinedEmail);
    const answer = await post(recipient.cookie, 'reject-invitation', { invitationId: declined });
    expect(answer.status, answer.text).toBe(200);
    expect((await findInvitationView(declined, t.db))?.problem).toBe('REJECTED');
    expect(await findMembership(organizationId, recipient.id, t.db)).toBeUndefined();

    const cancelled = await invite(newAddress('cancelled'));
    const cancel = await post(owner.cookie, 'cancel-invitation', { invitationId: cancelled });
    expect(cancel.status, cancel.text).toBe(200);
    expect((await findInvitationView(cancelled, t.db))?.problem).toBe('CANCELED');
  });
});

describe('signing up from an invitation', () => {
  it('makes the new address a member with the invited role, working in that organization only', async () => {
    const email = newAddress('newcomer');
    const id = await invite(email, 'admin');
    // The link's page sends the visitor to sign in with a code: the first one creates the account.
    const newcomer = await t.signedIn(email);
    expect(await activeOrganizationOf(newcomer.cookie)).toBeNull();

    const accepted = await post(newcomer.cookie, 'accept-invitation', { invitationId: id });
    expect(accepted.status, accepted.text).toBe(200);
    expect(await findMembership(organizationId, newcomer.id, t.db)).toEqual({ role: 'admin' });
    expect(await activeOrganizationOf(newcomer.cookie)).toBe(organizationId);
    expect((await findInvitationView(id, t.db))?.problem).toBe('ACCEPTED');

    // What $ensureWorkspace decides from: the session's active organization is one they belong to, so it
    // keeps it, and they have no organization of their own to fall back to.
    expect(await firstOrganizationOf(newcomer.id, t.db)).toBe(organizationId);
    expect(await listMyOrganizations(newcomer.id, t.db)).toEqual([
      expect.objectContaining({ id: organizationId, name: 'Acme', role: 'admin' }),
    ]);
    // A later sign-in starts there too.
    const again = await t.signedIn(email);
    expect(await activeOrganizationOf(again.cookie)).toBe(organizationId);
    const owned = await t.db
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.userId, newcomer.id), eq(member.role, 'owner')));
    expect(owned).toEqual([]);
  });
});

describe('invitation mails to one address', () => {
  it('stop at the hourly cap across every organization, with the sign-in code cap’s answer, and nothing stored', async () => {
    const target = newAddress('bombed');
    // Anyone may make organizations of their own and invite from each.
    const attacker = await t.signedIn(newAddress('attacker'));
    const organizations: string[] = [];
    for (const n of [1, 2, 3]) {
      const created = await post(attacker.cookie, 'create', {
        name: `Spam ${n}`,
        slug: `spam-${counter}-${n}`,
      });
      expect(created.status, created.text).toBe(200);
      organizations.push(String(created.body?.id));
    }
    const [first, second, third] = organizations as [string, string, string];
    const inviteFrom = (id: string, body: Record<string, unknown> = {}) =>
      post(attacker.cookie, 'invite-member', { email: target, role: 'member', organizationId: id, ...body });
    expect((await inviteFrom(first)).status).toBe(200);
    // A resend is a mail too.
    expect((await inviteFrom(first, { resend: true })).status).toBe(200);
    expect((await inviteFrom(second)).status).toBe(200);
    await t.mailsSettled();
    expect(t.mailsTo(target)).toHaveLength(appConfig.organizations.invitationMailsPerHour);

    const refused = await inviteFrom(third);
    expect([refused.status, refused.body?.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(Number(refused.headers.get('x-retry-after'))).toBeGreaterThan(3000);
    await t.mailsSettled();
    expect(t.mailsTo(target)).toHaveLength(appConfig.organizations.invitationMailsPerHour);
    const stored = await t.db
      .select()
      .from(invitation)
      .where(and(eq(invitation.email, target), eq(invitation.organizationId, third)));
    expect(stored).toEqual([]);
    // Another address is not affected.
    expect((await inviteFrom(third, { email: newAddress('other') })).status).toBe(200);
  });
});

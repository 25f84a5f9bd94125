import '@tanstack/react-start/server-only';
import { and, desc, eq, or } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import type { LinkedProvider } from './schema';
import { getDb } from '@/server/db/database';
import { account, auditLog, member, organization, passkey, session, user } from '@/server/db/schema/index';

/** Everything "Download my data" reads about one user, as stored. */
export type AccountDataRows = {
  profile: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    role: string | null;
    createdAt: Date;
    onboardedAt: Date | null;
    image: string | null;
  };
  sessions: {
    id: string;
    createdAt: Date;
    updatedAt: Date;
    expiresAt: Date;
    ipAddress: string | null;
    userAgent: string | null;
    impersonatedBy: string | null;
    signInMethod: string | null;
  }[];
  passkeys: { name: string | null; createdAt: Date; lastUsedAt: Date | null; backedUp: boolean }[];
  accounts: { providerId: string; accountId: string; createdAt: Date }[];
  memberships: { id: string; name: string; slug: string; role: string; joinedAt: Date }[];
  auditEntries: {
    action: string;
    actorUserId: string | null;
    targetType: string;
    targetId: string | null;
    metadata: Record<string, unknown> | null;
    ip: string | null;
    createdAt: Date;
  }[];
};

/**
 * The user's profile, sessions (expired ones still stored included), passkeys, linked sign-in accounts, memberships
 * and the audit entries where they acted or were the user targeted; null when there is no such user.
 * Tokens, passwords and provider secrets are never selected.
 */
export async function findAccountData(userId: string, db?: Database): Promise<AccountDataRows | null> {
  const executor = db ?? (await getDb());
  const [profile] = await executor
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role: user.role,
      createdAt: user.createdAt,
      onboardedAt: user.onboardedAt,
      image: user.image,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!profile) return null;
  const [sessions, passkeys, accounts, memberships, auditEntries] = await Promise.all([
    executor
      .select({
        id: session.id,
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
        impersonatedBy: session.impersonatedBy,
        signInMethod: session.signInMethod,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(desc(session.createdAt), desc(session.id)),
    // Names and dates only: the public key and credential id are the authenticator's, not the user's data.
    executor
      .select({
        name: passkey.name,
        createdAt: passkey.createdAt,
        lastUsedAt: passkey.lastUsedAt,
        backedUp: passkey.backedUp,
      })
      .from(passkey)
      .where(eq(passkey.userId, userId))
      .orderBy(passkey.createdAt, passkey.id),
    executor
      .select({ providerId: account.providerId, accountId: account.accountId, createdAt: account.createdAt })
      .from(account)
      .where(eq(account.userId, userId))
      .orderBy(account.createdAt, account.id),
    executor
      .select({
        id: organization.id,
        name: organization.name,
        slug: organization.slug,
        role: member.role,
        joinedAt: member.createdAt,
      })
      .from(member)
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(eq(member.userId, userId))
      .orderBy(member.createdAt, member.id),
    executor
      .select({
        action: auditLog.action,
        actorUserId: auditLog.actorUserId,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        metadata: auditLog.metadata,
        ip: auditLog.ip,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(
        or(
          eq(auditLog.actorUserId, userId),
          and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)),
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id)),
  ]);
  return { profile, sessions, passkeys, accounts, memberships, auditEntries };
}

/** The providers linked to the user's account (GitHub, Google, OIDC), oldest first; never their tokens. */
export async function listLinkedProviders(userId: string, db?: Database): Promise<LinkedProvider[]> {
  const executor = db ?? (await getDb());
  const rows = await executor
    .select({ id: account.id, providerId: account.providerId, linkedAt: account.createdAt })
    .from(account)
    .where(eq(account.userId, userId))
    .orderBy(account.createdAt, account.id);
  return rows.map((row) => ({ ...row, linkedAt: row.linkedAt.toISOString() }));
}

/** Whether the user wants a mail when a browser new to the account signs in; null without such a user. */
export async function findSignInAlerts(userId: string, db?: Database): Promise<boolean | null> {
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select({ signInAlerts: user.signInAlerts })
    .from(user)
    .where(eq(user.id, userId));
  return row?.signInAlerts ?? null;
}

/** Turns the user's new-sign-in mails on or off; the stored value, or null without such a user. */
export async function updateSignInAlerts(
  userId: string,
  enabled: boolean,
  db?: Database,
): Promise<boolean | null> {
  const executor = db ?? (await getDb());
  const [row] = await executor
    .update(user)
    .set({ signInAlerts: enabled, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning({ signInAlerts: user.signInAlerts });
  return row?.signInAlerts ?? null;
}

import '@tanstack/react-start/server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { passkey, user } from '@/server/db/schema/index';
import type { PasskeyView } from './schema';

const viewColumns = {
  id: passkey.id,
  name: passkey.name,
  createdAt: passkey.createdAt,
  lastUsedAt: passkey.lastUsedAt,
  backedUp: passkey.backedUp,
};

/** One user's passkeys, oldest first, as screens show them. */
export async function listPasskeysOf(userId: string, db?: Database): Promise<PasskeyView[]> {
  const executor = db ?? (await getDb());
  const rows = await executor
    .select(viewColumns)
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(asc(passkey.createdAt), asc(passkey.id));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** One of `userId`'s passkeys' name (null when unnamed); undefined when the passkey is not theirs. */
export async function findPasskeyNameOf(
  userId: string,
  id: string,
  db?: Database,
): Promise<{ name: string | null } | undefined> {
  const executor = db ?? (await getDb());
  const [found] = await executor
    .select({ name: passkey.name })
    .from(passkey)
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)));
  return found;
}

/** Deletes one of `userId`'s passkeys; its name when it was theirs, undefined otherwise. */
export async function deletePasskeyOf(
  userId: string,
  id: string,
  db?: Database,
): Promise<{ name: string | null } | undefined> {
  const executor = db ?? (await getDb());
  const [deleted] = await executor
    .delete(passkey)
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
    .returning({ name: passkey.name });
  return deleted;
}

/** Marks the passkey with this credential id as used now (after a verified sign-in). */
export async function markPasskeyUsed(credentialId: string, db?: Database): Promise<void> {
  const executor = db ?? (await getDb());
  await executor
    .update(passkey)
    .set({ lastUsedAt: new Date() })
    .where(eq(passkey.credentialID, credentialId));
}

/** The ban of the user whose passkey has this credential id, if they are banned now. */
export async function findPasskeyOwnerBan(
  credentialId: string,
  db?: Database,
): Promise<{ banExpires: Date | null } | undefined> {
  const executor = db ?? (await getDb());
  const [found] = await executor
    .select({ banned: user.banned, banExpires: user.banExpires })
    .from(passkey)
    .innerJoin(user, eq(user.id, passkey.userId))
    .where(eq(passkey.credentialID, credentialId));
  if (!found?.banned || (found.banExpires && found.banExpires <= new Date())) return undefined;
  return { banExpires: found.banExpires };
}

/** The user a passkey (by credential id) belongs to, if it exists. */
export async function findPasskeyOwner(credentialId: string, db?: Database): Promise<string | undefined> {
  const executor = db ?? (await getDb());
  const [found] = await executor
    .select({ userId: passkey.userId })
    .from(passkey)
    .where(eq(passkey.credentialID, credentialId));
  return found?.userId;
}

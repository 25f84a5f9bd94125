import '@tanstack/react-start/server-only';
import { recordAudit } from '@/features/audit/record.server';
import { AppError } from '@/lib/errors';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { deletePasskeyOf } from './data.server';

/**
 * An admin removes one of a user's passkeys; the removal and its audit entry commit together. False when
 * the passkey is not that user's (or no longer exists). An account listed in `ADMIN_USER_IDS` is changed
 * only by its own user, as for the admin routes (YOU_CANNOT_CHANGE_A_PROTECTED_ADMIN, nothing removed).
 */
export async function removeUserPasskey(
  target: { userId: string; passkeyId: string },
  actor: { userId: string; ip: string | null },
  adminUserIds: readonly string[],
  db?: Database,
): Promise<boolean> {
  if (adminUserIds.includes(target.userId) && target.userId !== actor.userId) {
    throw new AppError('YOU_CANNOT_CHANGE_A_PROTECTED_ADMIN');
  }
  const executor = db ?? (await getDb());
  return executor.transaction(async (tx) => {
    const deleted = await deletePasskeyOf(target.userId, target.passkeyId, tx);
    if (!deleted) return false;
    await recordAudit(
      {
        actorUserId: actor.userId,
        action: 'user.remove-passkey',
        target: { type: 'user', id: target.userId },
        metadata: { passkey: deleted.name },
        ip: actor.ip,
      },
      tx,
    );
    return true;
  });
}

import '@tanstack/react-start/server-only';
import { recordAudit } from '@/features/audit/record.server';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { deletePasskeyOf } from './data.server';

/**
 * An admin removes one of a user's passkeys; the removal and its audit entry commit together. False when
 * the passkey is not that user's (or no longer exists).
 */
export async function removeUserPasskey(
  target: { userId: string; passkeyId: string },
  actor: { userId: string; ip: string | null },
  db?: Database,
): Promise<boolean> {
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

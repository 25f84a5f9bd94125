import '@tanstack/react-start/server-only';
import { recordAudit } from '@/features/audit/record.server';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { updateSignInAlerts } from './data.server';

/**
 * Turns the new sign-in mails on or off for `owner`, with its audit entry (`account.sign-in-alerts`) in
 * the same transaction; the stored value, or null when the account is gone.
 */
export async function setSignInAlerts(
  owner: { id: string; name: string; email: string },
  enabled: boolean,
  ip: string | null,
  db?: Database,
): Promise<boolean | null> {
  const executor = db ?? (await getDb());
  return executor.transaction(async (tx) => {
    const stored = await updateSignInAlerts(owner.id, enabled, tx);
    if (stored === null) return null;
    await recordAudit(
      {
        actorUserId: owner.id,
        action: 'account.sign-in-alerts',
        target: { type: 'user', id: owner.id, label: owner.name || owner.email },
        metadata: { enabled: stored },
        ip,
      },
      tx,
    );
    return stored;
  });
}

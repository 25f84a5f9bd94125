import '@tanstack/react-start/server-only';
import { recordAudit } from '@/features/audit/record.server';
import { AppError } from '@/lib/errors';
import type { Auth } from '@/server/auth/auth';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { appConfig } from '~/app.config';
import { countApiKeys, deleteApiKey, listApiKeys } from './data.server';
import type { ApiKeyValues, CreatedApiKey } from './schema';
import { scopesToPermissions } from './scopes';

/** Who makes the change, for the audit log. */
export type Actor = { userId: string; ip: string | null };

/**
 * A new key of the organization, made by better-auth's API-key plugin (hashed, prefixed, with the
 * organization's role check on `actor`), then audited: the plugin writes in its own statement, so the entry
 * follows it. API_KEY_LIMIT past `apiKeys.maxPerOrganization`.
 */
export async function createApiKey(
  auth: Pick<Auth, 'api'>,
  organizationId: string,
  values: ApiKeyValues,
  actor: Actor,
  db?: Database,
): Promise<CreatedApiKey> {
  const executor = db ?? (await getDb());
  if ((await countApiKeys(organizationId, executor)) >= appConfig.apiKeys.maxPerOrganization) {
    throw new AppError('API_KEY_LIMIT');
  }
  // Server-side (no headers): scopes and limits may only be set from here, never by a browser.
  const created = await auth.api.createApiKey({
    body: {
      organizationId,
      userId: actor.userId,
      name: values.name,
      permissions: scopesToPermissions(values.scopes),
      expiresIn: values.expiresInDays ? values.expiresInDays * 86_400 : null,
      metadata: { createdBy: actor.userId },
    },
  });
  await recordAudit(
    {
      actorUserId: actor.userId,
      action: 'api-key.create',
      target: { type: 'api-key', id: created.id, label: values.name },
      organizationId,
      metadata: { scopes: values.scopes.join(','), expiresInDays: values.expiresInDays ?? 'never' },
      ip: actor.ip,
    },
    executor,
  );
  const item = (await listApiKeys(organizationId, executor)).find((key) => key.id === created.id);
  if (!item) throw new AppError('NOT_FOUND');
  return { item, key: created.key };
}

/**
 * Revokes one of the organization's keys: deleted with its audit entry in one transaction, so the next call
 * made with it is refused. False when the organization holds no such key (another organization's id too).
 */
export async function revokeApiKey(
  organizationId: string,
  id: string,
  actor: Actor,
  db?: Database,
): Promise<boolean> {
  const executor = db ?? (await getDb());
  return executor.transaction(async (tx) => {
    const deleted = await deleteApiKey(organizationId, id, tx);
    if (!deleted) return false;
    await recordAudit(
      {
        actorUserId: actor.userId,
        action: 'api-key.revoke',
        target: { type: 'api-key', id: deleted.id, label: deleted.name },
        organizationId,
        ip: actor.ip,
      },
      tx,
    );
    return true;
  });
}

import { createServerFn } from '@tanstack/react-start';
import { authMiddleware, requirePermission } from '@/features/auth/middleware';
import { zUserIdInput } from '@/features/user/schema';
import { AppError } from '@/lib/errors';
import { clientIp } from '@/server/client-ip';
import { serverEnv } from '@/server/env';
import { listPasskeysOf } from './data.server';
import { removeUserPasskey } from './mutations.server';
import { zUserPasskeyInput } from './schema';

/**
 * The signed-in user's passkeys: name, dates, synced or not. Not better-auth's /passkey/list-user-passkeys,
 * which hands the browser every stored column; renaming and removing go through better-auth's routes.
 */
export const $listPasskeys = createServerFn({ method: 'GET' })
  .middleware([authMiddleware])
  .handler(({ context }) => listPasskeysOf(context.user.id));

/** A user's passkeys for the manager's user page: the same view, never key material. */
export const $listUserPasskeys = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ user: ['get'] })])
  .validator(zUserIdInput)
  .handler(({ data }) => listPasskeysOf(data.id));

/** An admin removes one of a user's passkeys (audited; a recent sign-in needed); it no longer signs anyone in. */
export const $removeUserPasskey = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ user: ['update'] })])
  .validator(zUserPasskeyInput)
  .handler(async ({ data, context }) => {
    const actor = { userId: context.user.id, ip: clientIp() };
    const removed = await removeUserPasskey(data, actor, serverEnv().ADMIN_USER_IDS);
    if (!removed) throw new AppError('NOT_FOUND');
    return { id: data.passkeyId };
  });

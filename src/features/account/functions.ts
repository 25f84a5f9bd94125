import { createServerFn } from '@tanstack/react-start';
import { authMiddleware } from '@/features/auth/middleware';
import { type SessionView, toSessionView } from '@/lib/session-view';
import { getQuotaStore } from '@/server/auth/instance';
import { listActiveSessions } from '@/server/auth/session-list';
import { clientIp } from '@/server/client-ip';
import { isDemoMode } from '@/server/env';
import { AppError } from '@/lib/errors';
import { setSignInAlerts } from './alerts.server';
import { findSignInAlerts, listLinkedProviders } from './data.server';
import { exportAccountData } from './export.server';
import { type AccountExport, zSignInAlertsInput } from './schema';

/**
 * The signed-in user's devices. Not better-auth's /list-sessions: in 1.7.25 it sits behind the
 * fresh-session check (it fails a day after sign-in) and hands every session's token to the browser.
 * Revoking still goes through better-auth (/revoke-other-sessions, /revoke-sessions).
 *
 * An administrator signed in as the user is shown as such, without the admin's browser or address. In the
 * read-only demo every visitor signs in to the same accounts: only the caller's own address is shown.
 */
export const $listSessions = createServerFn({ method: 'GET' })
  .middleware([authMiddleware])
  .handler(async ({ context }): Promise<SessionView[]> => {
    const rows = await listActiveSessions(context.user.id);
    const options = { audience: 'owner', viewerSessionId: context.session.id, demo: isDemoMode() } as const;
    return rows.map((row) => toSessionView(row, options));
  });

/**
 * "Download my data": the signed-in user's profile, sessions, sign-in methods, memberships and audit
 * entries, never a token or secret (export.server.ts). Five an hour per user, then
 * `TOO_MANY_REQUESTS:<seconds>`; each one is audited (`account.export`). A read, so the demo serves it:
 * there, as in `$listSessions`, the only addresses shown are the caller's own.
 */
export const $exportMyData = createServerFn({ method: 'GET' })
  .middleware([authMiddleware])
  .handler(async ({ context }): Promise<AccountExport> =>
    exportAccountData(
      { user: context.user, session: context.session, ip: clientIp(), demo: isDemoMode() },
      { quotaStore: await getQuotaStore() },
    ),
  );

/**
 * The providers linked to the signed-in user's account, for the sign-in methods card. Not better-auth's
 * /list-accounts, which the product does not serve; unlinking goes through better-auth (/unlink-account).
 */
export const $listLinkedProviders = createServerFn({ method: 'GET' })
  .middleware([authMiddleware])
  .handler(({ context }) => listLinkedProviders(context.user.id));

/** Whether the signed-in user is mailed when a browser new to the account signs in (the "Security alerts" card). */
export const $getSignInAlerts = createServerFn({ method: 'GET' })
  .middleware([authMiddleware])
  .handler(async ({ context }): Promise<boolean> => {
    const enabled = await findSignInAlerts(context.user.id);
    if (enabled === null) throw new AppError('NOT_FOUND');
    return enabled;
  });

/**
 * Turns those mails on or off for the signed-in user (audited); the stored value. A change to how the owner
 * hears of sign-ins: the demo and an impersonation are refused it (the policy table).
 */
export const $setSignInAlerts = createServerFn({ method: 'POST' })
  .middleware([authMiddleware])
  .validator(zSignInAlertsInput)
  .handler(async ({ context, data }): Promise<boolean> => {
    const enabled = await setSignInAlerts(context.user, data.enabled, clientIp());
    if (enabled === null) throw new AppError('NOT_FOUND');
    return enabled;
  });

import { Monitor, Smartphone, UserCog } from 'lucide-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { SessionView } from '@/lib/session-view';
import { cn } from '@/lib/utils';
import { dateTimeFormat } from '@/lib/intl';

const MOBILE_OS = /android|ios|iphone|ipad/i;
const PROVIDER_NAMES: Record<string, string> = { github: 'GitHub', google: 'Google' };

/** "Signed in with a code", "… a passkey", "… GitHub": how a session signed in. */
function signedInWith(t: TFunction, method: string): string {
  if (method === 'code' || method === 'passkey') return t(`sessions.signedInWith.${method}`);
  const provider = PROVIDER_NAMES[method] ?? t('sessions.signedInWith.oidc');
  return t('sessions.signedInWith.provider', { provider });
}

/** "Firefox 128 on Windows 10", with the unknown parts named; also what a revoke button is labelled by. */
export function useSessionDevice(session: SessionView): string {
  const { t } = useTranslation();
  const browser = session.browser ?? t('sessions.unknownBrowser');
  const os = session.os ?? t('sessions.unknownOs');
  return t('sessions.browserOn', { browser, os });
}

/**
 * One session of a list, on the account page and the admin's user page alike: browser and system, IP
 * address and dates in the viewer's locale and time zone. An administrator signed in as the owner reads
 * "Administrator access", with no device or address. `action` sits at the end (a revoke button).
 */
export function SessionItem({
  session,
  markCurrent = false,
  action,
}: {
  session: SessionView;
  /** Badge the viewer's own session (a list that does not set it apart). */
  markCurrent?: boolean;
  action?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const device = useSessionDevice(session);
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const Icon = session.administrator ? UserCog : MOBILE_OS.test(session.os ?? '') ? Smartphone : Monitor;
  const dates = [
    ['lastActive', session.updatedAt],
    ['created', session.createdAt],
    ...(session.expiresAt ? [['expires', session.expiresAt] as const] : []),
  ] as const;
  return (
    <li className="flex flex-wrap gap-3 rounded-md border p-3" data-testid="session">
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      {/* At least 10rem wide (12 at the Arabic scale): on a phone the action (a revoke button) wraps below. */}
      <div className="grid min-w-0 flex-1 basis-40 gap-2">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="min-w-0 [overflow-wrap:anywhere]">
            {session.administrator ? t('sessions.administrator') : device}
          </span>
          {markCurrent && session.current ? <Badge variant="secondary">{t('sessions.current')}</Badge> : null}
          {session.impersonated ? <Badge variant="outline">{t('sessions.impersonation')}</Badge> : null}
          {session.signInMethod ? (
            <Badge variant="outline">{signedInWith(t, session.signInMethod)}</Badge>
          ) : null}
        </p>
        {session.administrator ? (
          <p className="text-sm text-muted-foreground">{t('sessions.administratorDescription')}</p>
        ) : null}
        <dl
          className={cn(
            'grid gap-x-6 gap-y-1 text-sm',
            session.expiresAt ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3',
          )}
        >
          {session.administrator ? null : (
            <div className="min-w-0">
              <dt className="text-muted-foreground">{t('sessions.ip')}</dt>
              <dd className="[overflow-wrap:anywhere]">
                {session.ipAddress ? (
                  <bdi dir="ltr">{session.ipAddress}</bdi>
                ) : (
                  t(session.ipHidden ? 'sessions.ipHidden' : 'sessions.unknownIp')
                )}
              </dd>
            </div>
          )}
          {dates.map(([key, value]) => (
            <div key={key} className="min-w-0">
              <dt className="text-muted-foreground">{t(`sessions.${key}`)}</dt>
              <dd>
                <time dateTime={value}>{format.format(new Date(value))}</time>
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {action}
    </li>
  );
}

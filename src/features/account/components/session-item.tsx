import { Monitor, Smartphone, UserCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '../schema';

const MOBILE_OS = /android|ios|iphone|ipad/i;

/**
 * One session: browser and system, IP address, last activity and sign-in time in the user's locale. An
 * administrator signed in as the user reads "Administrator access", with no device or address.
 */
export function SessionItem({ session }: { session: AccountSession }) {
  const { t, i18n } = useTranslation('account');
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const browser = session.browser ?? t('sessions.unknownBrowser');
  const os = session.os ?? t('sessions.unknownOs');
  const Icon = session.administrator ? UserCog : MOBILE_OS.test(session.os ?? '') ? Smartphone : Monitor;
  const dates = [
    ['lastActive', session.updatedAt],
    ['created', session.createdAt],
  ] as const;
  return (
    <li className="flex gap-3 rounded-md border p-3">
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-2">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="min-w-0 [overflow-wrap:anywhere]">
            {session.administrator ? t('sessions.administrator') : t('sessions.browserOn', { browser, os })}
          </span>
        </p>
        {session.administrator ? (
          <p className="text-sm text-muted-foreground">{t('sessions.administratorDescription')}</p>
        ) : null}
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
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
    </li>
  );
}

import { Monitor, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '../schema';

const MOBILE_OS = /android|ios|iphone|ipad/i;

/** One session: browser and system, IP address, last activity and sign-in time in the user's locale. */
export function SessionItem({ session }: { session: AccountSession }) {
  const { t, i18n } = useTranslation('account');
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const browser = session.browser ?? t('sessions.unknownBrowser');
  const os = session.os ?? t('sessions.unknownOs');
  const Icon = MOBILE_OS.test(session.os ?? '') ? Smartphone : Monitor;
  return (
    <li className="flex gap-3 rounded-md border p-3">
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-2">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="min-w-0 [overflow-wrap:anywhere]">{t('sessions.browserOn', { browser, os })}</span>
        </p>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-muted-foreground">{t('sessions.ip')}</dt>
            <dd className="[overflow-wrap:anywhere]">
              {session.ipAddress ? <bdi dir="ltr">{session.ipAddress}</bdi> : t('sessions.unknownIp')}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-muted-foreground">{t('sessions.lastActive')}</dt>
            <dd>
              <time dateTime={session.updatedAt}>{format.format(new Date(session.updatedAt))}</time>
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-muted-foreground">{t('sessions.created')}</dt>
            <dd>
              <time dateTime={session.createdAt}>{format.format(new Date(session.createdAt))}</time>
            </dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

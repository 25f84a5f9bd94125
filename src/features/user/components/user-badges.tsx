import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { parseRoles } from '@/features/auth/permissions';
import type { UserStatus } from '../search';
import { dateTimeFormat } from '@/lib/intl';

/** One badge per role the user holds (a stored role may list several). */
export function RoleBadges({ role }: { role: string | null }) {
  const { t } = useTranslation('user');
  return (
    <>
      {parseRoles(role).map((name) => (
        <Badge key={name} variant={name === 'admin' ? 'default' : 'secondary'}>
          {t(`roles.${name}`)}
        </Badge>
      ))}
    </>
  );
}

/** "Banned until {date}", "Banned" (permanent), "Not onboarded" or "Active". */
export function StatusBadge({ status, banExpires }: { status: UserStatus; banExpires: string | null }) {
  const { t, i18n } = useTranslation('user');
  if (status === 'banned') {
    const label = banExpires
      ? t('status.bannedUntil', {
          date: dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(banExpires)),
        })
      : t('status.banned');
    return <Badge variant="destructive">{label}</Badge>;
  }
  if (status === 'notOnboarded') return <Badge variant="warning">{t('status.notOnboarded')}</Badge>;
  return <Badge variant="outline">{t('status.active')}</Badge>;
}

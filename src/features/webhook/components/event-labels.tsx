import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

type T = ReturnType<typeof useTranslation<'webhook'>>['t'];

/** "Repositories: created" (the entity's own name for its rows), or a member event's own words. */
export function eventLabel(t: T, event: string): string {
  const [noun = '', verb = ''] = event.split('.');
  if (noun === 'member' || noun === 'webhook') return t(`events.${noun}.${verb}`);
  return t(`events.${verb}`, { noun: t(`${noun}:audit.target`) });
}

export function secretTexts(t: T) {
  return {
    warning: t('secret.warning'),
    label: t('secret.label'),
    copy: t('secret.copy'),
    copied: t('secret.copied'),
    copyFailed: t('secret.copyFailed'),
    done: t('secret.done'),
  };
}

/** The events an endpoint wants, as badges, each titled with its words. */
export function EventBadges({ events }: { events: string[] }) {
  const { t } = useTranslation('webhook');
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('list.events')}>
      {events.map((event) => (
        <li key={event}>
          <Badge variant="outline" title={eventLabel(t, event)}>
            <span dir="ltr">{event}</span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}

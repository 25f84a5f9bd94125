import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { dateTimeFormat } from '@/lib/intl';

/** A queue by its name in the reader's language; a queue the page has no name for, by its own. */
export function useQueueName(queue: string): string {
  const { t } = useTranslation('jobs');
  return t(`queues.names.${queue}`, { defaultValue: queue });
}

/**
 * Times on the jobs page are UTC, as the schedules are written (and the server renders them so: the same
 * text after hydration in every time zone); the column headers say so.
 */
export function useUtcTime(): Intl.DateTimeFormat {
  const { i18n } = useTranslation();
  return dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
}

const STATE_BADGE: Partial<Record<string, 'destructive' | 'warning' | 'secondary'>> = {
  failed: 'destructive',
  active: 'warning',
  completed: 'secondary',
};

/** What became of a job, in words (a schedule's last run). */
export function JobState({ state }: { state: string }) {
  const { t } = useTranslation('jobs');
  return (
    <Badge variant={STATE_BADGE[state] ?? 'outline'}>{t(`states.${state}`, { defaultValue: state })}</Badge>
  );
}

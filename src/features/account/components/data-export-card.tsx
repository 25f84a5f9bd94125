import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '@/components/form/use-submit';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { errorCodeOf, isDemoRefusal, retryAfterOf } from '@/lib/errors';
import { exportMutations } from '../queries';

/** A refused export's message: the hourly limit with the minutes to wait, else the code's own text. */
function exportErrorMessage(t: TFunction<'account'>, error: unknown): string | null {
  if (isDemoRefusal(error)) return null;
  const { code } = errorCodeOf(error);
  if (code === 'TOO_MANY_REQUESTS') {
    const seconds = retryAfterOf(error);
    return seconds
      ? t('export.tooMany', { count: Math.ceil(seconds / 60) })
      : t('common:errorCodes.TOO_MANY_REQUESTS');
  }
  return t(`common:errorCodes.${code}`, { defaultValue: t('common:errors.unknown') });
}

/**
 * "Your data": "Download my data" saves what the account holds about its user as a JSON file (profile,
 * sessions, sign-in methods, organizations, activity). A refusal (five an hour) is a toast.
 */
export function DataExportCard() {
  const { t } = useTranslation('account');
  const exportData = useMutation(exportMutations.exportMyData());
  const { run } = useSubmit({ message: (error) => exportErrorMessage(t, error) });

  const download = () =>
    run(
      () => exportData.mutateAsync(),
      () => toast.success(t('export.done')),
    );

  return (
    <SectionCard title={t('export.title')} description={t('export.description')}>
      <div className="flex justify-end">
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          disabled={exportData.isPending}
          onClick={() => void download()}
        >
          <Download aria-hidden />
          {t('export.action')}
        </Button>
      </div>
    </SectionCard>
  );
}

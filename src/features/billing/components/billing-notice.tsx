import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { dateTimeFormat } from '@/lib/intl';
import { billingQueries } from '../queries';

/**
 * The app area's banner for an organization's owners while a payment is owed: until when it keeps working,
 * or that it is read-only now, with the way to Plan and billing. Nothing otherwise.
 */
export function BillingNotice({
  organizationId,
  organizationName,
}: {
  organizationId: string;
  organizationName: string;
}) {
  const { t, i18n } = useTranslation('billing');
  const { data } = useQuery(billingQueries.overview(organizationId));
  if (!data?.graceEndsAt) return null;
  const date = dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(data.graceEndsAt));
  // In the pages' own column (Page's width and padding), above the page.
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-4 sm:px-6">
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
      >
        <CircleAlert className="size-4 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1 basis-56">
          {data.readOnly
            ? t('banner.readOnly', { organization: organizationName })
            : t('banner.grace', { organization: organizationName, date })}
        </p>
        <Button asChild size="sm" variant="outline">
          <Link to="/app/organization" hash="billing">
            {t('banner.action')}
          </Link>
        </Button>
      </div>
    </div>
  );
}

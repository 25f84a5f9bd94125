import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { SectionCard } from '@/components/ui/section-card';
import { translateError } from '@/lib/translate-error';
import { cn } from '@/lib/utils';
import { accountQueries, signInAlertsMutations } from '../queries';

/**
 * "Security alerts": a switch for the mail sent when a browser that never signed in to the account does
 * (`notifyNewSignIn` in src/server/auth/code-mail.ts). Off until the stored value has arrived, so it never
 * shows a guess.
 */
export function SecurityAlertsCard() {
  const { t } = useTranslation('account');
  const id = useId();
  const queryClient = useQueryClient();
  const setting = useQuery(accountQueries.signInAlerts());
  const change = useMutation(signInAlertsMutations.setSignInAlerts(queryClient));
  const checked = setting.data ?? false;

  const onChange = async (enabled: boolean) => {
    try {
      await change.mutateAsync(enabled);
    } catch (error) {
      const message = translateError(t, error, ['account:errors']);
      if (message) toast.error(message);
      return;
    }
    toast.success(t(enabled ? 'alerts.turnedOn' : 'alerts.turnedOff'));
  };

  return (
    <SectionCard title={t('alerts.title')}>
      <div className="flex items-center justify-between gap-4">
        <span id={id} className="text-sm">
          {t('alerts.newSignIn')}
        </span>
        {/* A 44 px tap target around a 40 × 24 track. */}
        <button
          type="button"
          role="switch"
          aria-labelledby={id}
          aria-checked={checked}
          disabled={setting.data === undefined || change.isPending}
          onClick={() => void onChange(!checked)}
          className="group inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
        >
          <span
            aria-hidden
            className={cn(
              'relative h-6 w-10 rounded-full border transition-colors',
              checked ? 'border-primary bg-primary' : 'border-input bg-muted',
            )}
          >
            <span
              className={cn(
                'absolute top-0.5 start-0.5 size-[1.125rem] rounded-full bg-background shadow transition-transform',
                checked && 'translate-x-4 rtl:-translate-x-4',
              )}
            />
          </span>
        </button>
      </div>
    </SectionCard>
  );
}

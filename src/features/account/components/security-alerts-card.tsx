import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { SectionCard } from '@/components/ui/section-card';
import { Switch } from '@/components/ui/switch';
import { translateError } from '@/lib/translate-error';
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
        <Switch
          aria-labelledby={id}
          checked={checked}
          disabled={setting.data === undefined || change.isPending}
          onCheckedChange={(next) => void onChange(next)}
        />
      </div>
    </SectionCard>
  );
}

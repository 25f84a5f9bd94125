import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { UserRoundCog } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { appConfig } from '~/app.config';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { parseRoles, roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { userMutations } from '../queries';
import { translateError } from '@/lib/translate-error';

type ImpersonateButtonProps = { user: { id: string; name: string; role: string | null } };

/**
 * "Sign in as {name}", confirmed: the admin continues in the app area as that user (for at most an hour)
 * until they stop from the banner. Not offered for oneself or for admins, whom the server refuses anyway.
 */
export function ImpersonateButton({ user }: ImpersonateButtonProps) {
  const { t } = useTranslation('user');
  const viewer = useSession();
  const queryClient = useQueryClient();
  const router = useRouter();
  const impersonateUser = useMutation(userMutations.impersonate(queryClient, user.id));
  const hidden =
    !viewer ||
    viewer.user.id === user.id ||
    parseRoles(user.role).includes('admin') ||
    !roleCan(viewer.user.role, { user: ['impersonate'] });
  if (hidden) return null;

  const impersonate = async () => {
    try {
      // The admin's cached data is dropped, and the session read again, before the other user's screens.
      await impersonateUser.mutateAsync();
    } catch (error) {
      const message = translateError(t, error, ['user:impersonation.errors', 'user:errors']);
      if (message) toast.error(message);
      return;
    }
    await router.navigate({ to: '/app' });
  };

  return (
    <ConfirmDialog
      title={t('impersonation.confirmTitle', { name: user.name })}
      description={
        <Trans
          t={t}
          i18nKey="impersonation.confirm"
          values={{ name: user.name, minutes: appConfig.auth.impersonationMaxMinutes }}
          components={{ name: <bdi dir="auto" /> }}
        />
      }
      confirmLabel={t('impersonation.action')}
      onConfirm={impersonate}
    >
      <Button variant="outline">
        <UserRoundCog aria-hidden className="size-4" />
        {t('impersonation.action')}
      </Button>
    </ConfirmDialog>
  );
}

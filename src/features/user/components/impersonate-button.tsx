import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { UserRoundCog } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { useSubmit } from '@/components/form/use-submit';
import { appConfig } from '~/app.config';
import { MenuItem } from '@/components/layout/menu-popover';
import { ConfirmDialog, type OpenedElsewhere } from '@/components/ui/confirm-dialog';
import { parseRoles, roleCan } from '@/features/auth/permissions';
import { userMutations } from '../queries';

type ImpersonateButtonProps = { user: { id: string; name: string; role: string | null } };

/** Whether `viewer` may sign in as `user`: never as oneself or as an admin, whom the server refuses anyway. */
export function mayImpersonate(
  viewer: { id: string; role?: string | null } | undefined,
  user: { id: string; role: string | null },
): boolean {
  return (
    !!viewer &&
    viewer.id !== user.id &&
    !parseRoles(user.role).includes('admin') &&
    roleCan(viewer.role, { user: ['impersonate'] })
  );
}

/**
 * "Sign in as {name}", confirmed: the admin continues in the app area as that user (for at most an hour)
 * until they stop from the banner. An item of the user page's action menu, which offers it only where the
 * server allows it (`mayImpersonate`).
 */
export function ImpersonateButton({ user, open, onOpenChange }: ImpersonateButtonProps & OpenedElsewhere) {
  const { t } = useTranslation('user');
  const queryClient = useQueryClient();
  const router = useRouter();
  const impersonateUser = useMutation(userMutations.impersonate(queryClient, user.id));
  const { run } = useSubmit({ scopes: ['user:impersonation.errors', 'user:errors'] });

  const impersonate = () =>
    run(
      // The admin's cached data is dropped, and the session read again, before the other user's screens.
      () => impersonateUser.mutateAsync(),
      () => router.navigate({ to: '/app' }),
    );

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
      open={open}
      onOpenChange={onOpenChange}
    >
      {open === undefined ? (
        <MenuItem>
          <UserRoundCog aria-hidden />
          {t('impersonation.action')}
        </MenuItem>
      ) : undefined}
    </ConfirmDialog>
  );
}

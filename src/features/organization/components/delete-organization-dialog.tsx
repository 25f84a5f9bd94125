import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { MenuItem } from '@/components/layout/menu-popover';
import { toast } from '@/components/ui/toast';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { errorCodeOf, isDemoRefusal } from '@/lib/errors';
import { forgetPlatformOrganization, platformOrganizationMutations } from '../queries';

/**
 * "Delete organization" for a platform admin: Confirm is enabled only once the organization's name is
 * typed. Afterwards a toast and the organization list; its trigger is an item of the page's menu.
 */
export function DeleteOrganizationDialog({
  organization,
}: {
  organization: { id: string; name: string; repositoryCount: number; memberCount: number };
}) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation(platformOrganizationMutations.delete(queryClient, organization.id));

  const confirm = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      // Someone else deleted it first: the outcome asked for, so it is not an error.
      if (errorCodeOf(error).code !== 'NOT_FOUND') {
        // The demo's refusal is explained by the demo dialog.
        if (!isDemoRefusal(error)) toast.error(t('manager.delete.failed'));
        return;
      }
    }
    toast.success(t('manager.delete.done', { name: organization.name }));
    await navigate({ to: '/manager/organizations', replace: true });
    // Only once its page is gone: removing the query under it would make it fetch it again.
    forgetPlatformOrganization(queryClient, organization.id);
  };

  return (
    <ConfirmOrganizationDeletion organization={organization} onConfirm={confirm}>
      <MenuItem tone="danger">
        <Trash2 aria-hidden />
        {t('manager.delete.action')}
      </MenuItem>
    </ConfirmOrganizationDeletion>
  );
}

/**
 * The confirmation of an organization's deletion, from the manager's menu or the organization's own
 * screen: what goes with it, and Confirm enabled once its name is typed. `children` is the trigger.
 */
export function ConfirmOrganizationDeletion({
  organization,
  onConfirm,
  children,
}: {
  organization: { name: string; repositoryCount: number; memberCount: number };
  onConfirm: () => Promise<unknown>;
  children: ReactElement;
}) {
  const { t } = useTranslation('organization');
  return (
    <TypedConfirmDialog
      title={t('manager.delete.title')}
      description={t('manager.delete.description', {
        members: t('manager.list.members', { count: organization.memberCount }),
        repositories: t('manager.list.repositories', { count: organization.repositoryCount }),
      })}
      confirmLabel={t('manager.delete.action')}
      expected={organization.name}
      onConfirm={onConfirm}
      label={
        <Trans
          t={t}
          ns="organization"
          i18nKey="manager.delete.typeName"
          values={{ name: organization.name }}
          components={{ name: <bdi className="font-semibold [overflow-wrap:anywhere]" /> }}
        />
      }
    >
      {children}
    </TypedConfirmDialog>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type OpenedElsewhere } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { errorCodeOf, isDemoRefusal } from '@/lib/errors';
import { forgetRepository, repositoryKeys, repositoryMutations, useRepositoryOwner } from '../queries';
import { listRoute, type RepositoryArea } from './area';

/**
 * "Delete this repository?" around its trigger (`children`). Once deleted, a toast; from the detail page
 * the list replaces it, from a list row the list reloads without the row.
 */
export function DeleteRepositoryDialog({
  area,
  repository,
  from,
  children,
  open,
  onOpenChange,
}: {
  area: RepositoryArea;
  repository: { id: string; name: string };
  from: 'detail' | 'list';
  /** The trigger; none when `open` is given. */
  children?: ReactElement;
} & OpenedElsewhere) {
  const { t } = useTranslation('repository');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const owner = useRepositoryOwner(area);
  const remove = useMutation(repositoryMutations.delete(queryClient, owner, repository.id));

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      // Someone else deleted it first: the outcome the user asked for, so it is not an error.
      if (errorCodeOf(error).code !== 'NOT_FOUND') {
        if (!isDemoRefusal(error)) toast.error(t('delete.failed'));
        return;
      }
      void queryClient.invalidateQueries({ queryKey: repositoryKeys.lists(owner) });
    }
    toast.success(t('delete.done', { name: repository.name }));
    // Only once the detail page is gone: removing its query under it would make it fetch it again.
    if (from === 'detail') await navigate({ to: listRoute(area), replace: true });
    forgetRepository(queryClient, owner, repository.id);
  };

  return (
    <ConfirmDialog
      title={t('delete.title')}
      description={t('delete.description', { name: repository.name })}
      confirmLabel={t('delete.confirm')}
      variant="destructive"
      onConfirm={confirmDelete}
      open={open}
      onOpenChange={onOpenChange}
    >
      {children}
    </ConfirmDialog>
  );
}

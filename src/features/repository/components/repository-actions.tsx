import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorCodeOf, isDemoRefusal } from '@/lib/errors';
import { forgetRepository, repositoryKeys, repositoryMutations } from '../queries';
import type { RepositoryDetail } from '../schema';

/** Edit and Delete of the manager's detail page; labels hide behind their icons on a phone. */
export function RepositoryActions({
  repository,
  canUpdate,
  canDelete,
}: {
  repository: RepositoryDetail;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const { t } = useTranslation('repository');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation(repositoryMutations.delete(queryClient, repository.id));

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      // Someone else deleted it first: the outcome the user asked for, so it is not an error.
      if (errorCodeOf(error).code !== 'NOT_FOUND') {
        if (!isDemoRefusal(error)) toast.error(t('delete.failed'));
        return;
      }
      void queryClient.invalidateQueries({ queryKey: repositoryKeys.lists });
    }
    toast.success(t('delete.done', { name: repository.name }));
    await navigate({ to: '/manager/repositories', replace: true });
    forgetRepository(queryClient, repository.id);
  };

  return (
    <>
      {canUpdate ? (
        <Button asChild variant="outline">
          <Link to="/manager/repositories/$id/update" params={{ id: repository.id }}>
            <Pencil aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('detail.edit')}</span>
          </Link>
        </Button>
      ) : null}
      {canDelete ? (
        <ConfirmDialog
          title={t('delete.title')}
          description={t('delete.description', { name: repository.name })}
          confirmLabel={t('delete.confirm')}
          variant="destructive"
          onConfirm={confirmDelete}
        >
          <Button variant="outline" className="text-destructive hover:text-destructive">
            <Trash2 aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('delete.action')}</span>
          </Button>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

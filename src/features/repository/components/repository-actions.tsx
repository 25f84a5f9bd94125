import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePageActions } from '@/hooks/use-page-actions';
import type { RepositoryDetail } from '../schema';
import { type RepositoryArea, updateRoute } from './area';
import { DeleteRepositoryDialog } from './delete-repository-dialog';

/**
 * Edit and Delete of a detail page; labels hide behind their icons on a phone. The command palette offers
 * both; its Delete opens the same confirmation.
 */
export function RepositoryActions({
  area,
  repository,
  canUpdate,
  canDelete,
}: {
  area: RepositoryArea;
  repository: RepositoryDetail;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const { t } = useTranslation('repository');
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  usePageActions([
    ...(canUpdate
      ? [
          {
            id: 'repository-edit',
            label: t('detail.edit'),
            icon: Pencil,
            run: () => void navigate({ to: updateRoute(area), params: { id: repository.id } }),
          },
        ]
      : []),
    ...(canDelete
      ? [{ id: 'repository-delete', label: t('delete.action'), icon: Trash2, run: () => setDeleting(true) }]
      : []),
  ]);
  return (
    <>
      {deleting ? (
        <DeleteRepositoryDialog
          area={area}
          repository={repository}
          from="detail"
          open
          onOpenChange={(open) => setDeleting(open)}
        />
      ) : null}
      {canUpdate ? (
        <Button asChild variant="outline">
          <Link to={updateRoute(area)} params={{ id: repository.id }}>
            <Pencil aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('detail.edit')}</span>
          </Link>
        </Button>
      ) : null}
      {canDelete ? (
        <DeleteRepositoryDialog area={area} repository={repository} from="detail">
          <Button variant="outline" className="text-destructive hover:text-destructive">
            <Trash2 aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('delete.action')}</span>
          </Button>
        </DeleteRepositoryDialog>
      ) : null}
    </>
  );
}

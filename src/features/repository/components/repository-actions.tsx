import { Link } from '@tanstack/react-router';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { RepositoryDetail } from '../schema';
import { type RepositoryArea, updateRoute } from './area';
import { DeleteRepositoryDialog } from './delete-repository-dialog';

/** Edit and Delete of a detail page; labels hide behind their icons on a phone. */
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
  return (
    <>
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

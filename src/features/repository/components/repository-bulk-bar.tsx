import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import {
  announceBulkResult,
  bulkSelectionOf,
  NamesPreview,
  SelectionBar,
} from '@/components/ui/selection-bar';
import type { RowSelection } from '@/hooks/use-row-selection';
import { translateError } from '@/lib/translate-error';
import { repositoryMutations, useRepositoryOwner } from '../queries';
import type { RepositoryBulkDeleteInput, RepositoryListItem } from '../schema';
import type { PlatformRepositoryListView, RepositoryListView } from '../search';
import type { RepositoryArea } from './area';

const REASON_SCOPES = ['repository:bulk.reasons', 'repository:errors'];

/**
 * The repository list's selection bar: the count, "Select all N matching this view", and Delete, behind a
 * dialog naming the repositories it deletes. Afterwards the skipped rows stay selected, and a toast tells
 * what happened to the rest.
 */
export function RepositoryBulkBar({
  area,
  selection,
  items,
  total,
  view,
}: {
  area: RepositoryArea;
  selection: RowSelection;
  items: readonly RepositoryListItem[];
  /** How many repositories the view matches (null while unknown or past the count's cap). */
  total: number | null;
  view: RepositoryListView | PlatformRepositoryListView;
}) {
  const { count, chosenIds, selectAll } = bulkSelectionOf(
    selection,
    items.map((item) => item.id),
    total,
  );
  if (count === 0) return null;
  const request: RepositoryBulkDeleteInput['selection'] = selection.allMatching
    ? {
        view: {
          ...view,
          organizationId: 'organizationId' in view ? view.organizationId || undefined : undefined,
        },
      }
    : { ids: chosenIds };
  return (
    <SelectionBar count={count} selectAll={selectAll} onClear={selection.clear}>
      <BulkDeleteDialog
        area={area}
        names={items.filter((item) => selection.isSelected(item.id)).map((item) => item.name)}
        count={count}
        selection={request}
        onDone={selection.keepOnly}
      />
    </SelectionBar>
  );
}

function BulkDeleteDialog({
  area,
  names,
  count,
  selection,
  onDone,
}: {
  area: RepositoryArea;
  names: string[];
  count: number;
  selection: RepositoryBulkDeleteInput['selection'];
  onDone: (skippedIds: string[]) => void;
}) {
  const { t } = useTranslation('repository');
  const queryClient = useQueryClient();
  const mutation = useMutation(repositoryMutations.bulkDelete(queryClient, useRepositoryOwner(area)));
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async () => {
    setFormError(null);
    try {
      const rows = await mutation.mutateAsync({ selection });
      onDone(announceBulkResult(t, rows, { doneKey: 'repository:bulk.done', scopes: REASON_SCOPES }));
      setOpen(false);
    } catch (error) {
      setFormError(translateError(t, error, ['common:bulk.errors', ...REASON_SCOPES]));
    }
  };

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => {
        if (mutation.isPending) return;
        setFormError(null);
        setOpen(next);
      }}
      title={t('bulk.title', { count })}
      trigger={
        <Button size="sm" variant="destructive">
          <Trash2 aria-hidden />
          {t('bulk.action')}
        </Button>
      }
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <p className="text-sm text-muted-foreground">{t('bulk.description', { count })}</p>
        <NamesPreview names={names} total={count} />
        <FormAlert message={formError} />
        <FormActions
          cancelLabel={t('common:confirmDialog.cancel')}
          onCancel={() => setOpen(false)}
          submitLabel={t('bulk.confirm')}
          submitting={mutation.isPending}
          variant="destructive"
        />
      </form>
    </ResponsiveDialog>
  );
}

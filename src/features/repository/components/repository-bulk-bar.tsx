import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { bulkSummaryText, NamesPreview, SelectionBar } from '@/components/ui/selection-bar';
import { toast } from '@/components/ui/toast';
import type { RowSelection } from '@/hooks/use-row-selection';
import { BULK_MAX_ROWS } from '@/lib/bulk';
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
  const count = selection.allMatching ? (total ?? 0) : selection.ids.size;
  if (count === 0) return null;
  const shownIds = items.map((item) => item.id);
  const pageSelected = shownIds.length > 0 && shownIds.every((id) => selection.ids.has(id));
  const offerAll = !selection.allMatching && pageSelected && total !== null && total > shownIds.length;
  const request: RepositoryBulkDeleteInput['selection'] = selection.allMatching
    ? {
        view: {
          ...view,
          organizationId: 'organizationId' in view ? view.organizationId || undefined : undefined,
        },
      }
    : { ids: shownIds.filter((id) => selection.ids.has(id)) };
  return (
    <SelectionBar
      count={count}
      selectAll={offerAll ? { total, max: BULK_MAX_ROWS, onSelect: selection.selectAllMatching } : undefined}
      onClear={selection.clear}
    >
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
      const text = bulkSummaryText(t, rows, { doneKey: 'repository:bulk.done', scopes: REASON_SCOPES });
      if (rows.some((row) => row.outcome === 'done')) toast.success(text);
      else toast.error(text);
      onDone(rows.filter((row) => row.outcome === 'skipped').map((row) => row.id));
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

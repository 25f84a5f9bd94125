import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { toast } from '@/components/ui/toast';
import { errorCodeOf, isDemoRefusal } from '@/lib/errors';
import { savedViewListLabel } from '../lists';
import { savedViewKeys, savedViewMutations } from '../queries';
import type { SavedView } from '../schema';
import { LazySavedViewNameForm } from './lazy-name-form';

/** A saved view's dialog around its trigger (`children`): rename it, or delete it. */
export function ManageSavedViewDialog({ view, children }: { view: SavedView; children: ReactElement }) {
  const { t } = useTranslation('savedView');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => !busy && setOpen(next)}
      title={t('manage.title')}
      description={t('manage.description', { list: t(savedViewListLabel(view.list)) })}
      trigger={children}
    >
      <ManageForm view={view} busy={busy} onBusyChange={setBusy} onClose={() => setOpen(false)} />
    </ResponsiveDialog>
  );
}

function ManageForm({
  view,
  busy,
  onBusyChange,
  onClose,
}: {
  view: SavedView;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('savedView');
  const queryClient = useQueryClient();
  const rename = useMutation(savedViewMutations.rename(queryClient));
  const remove = useMutation(savedViewMutations.delete(queryClient));

  const deleteView = async () => {
    onBusyChange(true);
    try {
      await remove.mutateAsync(view.id);
    } catch (error) {
      // Gone already (deleted in another tab): what was asked for, so not an error.
      if (errorCodeOf(error).code !== 'NOT_FOUND') {
        if (!isDemoRefusal(error)) toast.error(t('common:errors.unknown'));
        return;
      }
      void queryClient.invalidateQueries({ queryKey: savedViewKeys.list() });
    } finally {
      onBusyChange(false);
    }
    toast.success(t('manage.deleted', { name: view.name }));
    onClose();
  };

  return (
    <div className="grid gap-6">
      <LazySavedViewNameForm
        defaultName={view.name}
        submitLabel={t('manage.submit')}
        onBusyChange={onBusyChange}
        onCancel={onClose}
        onSubmit={async (name) => {
          const renamed = await rename.mutateAsync({ id: view.id, name });
          toast.success(t('manage.renamed', { name: renamed.name }));
          onClose();
        }}
      />
      <div className="border-t pt-4">
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() => void deleteView()}
          className="w-full text-destructive hover:bg-destructive/10 hover:text-destructive sm:w-auto"
        >
          <Trash2 aria-hidden />
          {t('manage.delete')}
        </Button>
      </div>
    </div>
  );
}

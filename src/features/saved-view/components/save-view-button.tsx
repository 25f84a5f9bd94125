import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BookmarkPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { toast } from '@/components/ui/toast';
import { normalizeViewSearch, type SavedViewList } from '../lists';
import { savedViewMutations } from '../queries';
import { LazySavedViewNameForm } from './lazy-name-form';
import { suggestViewName } from './suggest-name';

/**
 * "Save view" on a list page: names the list's current search, filters and order and keeps them for the
 * sidebar. Shown only when the view differs from the list's defaults (the bare list needs no saving);
 * on a phone the button is its icon, named for screen readers.
 */
export function SaveViewButton({ list, search }: { list: SavedViewList; search: Record<string, unknown> }) {
  const { t } = useTranslation('savedView');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const view = normalizeViewSearch(list, search);
  if (Object.keys(view).length === 0) return null;
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => !busy && setOpen(next)}
      title={t('save.title')}
      description={t('save.description')}
      trigger={
        <Button variant="outline" title={t('save.button')}>
          <BookmarkPlus aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('save.button')}</span>
        </Button>
      }
    >
      <SaveViewForm list={list} search={view} onBusyChange={setBusy} onClose={() => setOpen(false)} />
    </ResponsiveDialog>
  );
}

function SaveViewForm({
  list,
  search,
  onBusyChange,
  onClose,
}: {
  list: SavedViewList;
  search: Record<string, string>;
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('savedView');
  const queryClient = useQueryClient();
  const save = useMutation(savedViewMutations.save(queryClient));
  return (
    <LazySavedViewNameForm
      defaultName={suggestViewName(t, list, search)}
      submitLabel={t('save.submit')}
      onBusyChange={onBusyChange}
      onCancel={onClose}
      onSubmit={async (name) => {
        const saved = await save.mutateAsync({ list, name, search });
        toast.success(t('save.done', { name: saved.name }));
        onClose();
      }}
    />
  );
}

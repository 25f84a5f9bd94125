import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '@/components/form/use-submit';
import { toast } from '@/components/ui/toast';
import { MenuItem } from '@/components/layout/menu-popover';
import type { OpenedElsewhere } from '@/components/ui/confirm-dialog';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { lazyPart } from '@/lib/lazy-part';
import { forgetUser, userMutations } from '../queries';

// Its label's <Trans> (react-i18next's, 4.9 kB) is fetched when the dialog first opens: the users list, whose
// row menus offer the dialog, shows no such sentence until then.
const DeleteUserLabel = lazyPart(() =>
  import('./delete-user-label').then((module) => module.DeleteUserLabel),
);

/**
 * "Delete user": Confirm is enabled only once the user's e-mail is typed. Afterwards a toast, and the list
 * (from the detail page; a list's row just leaves it); a refusal (yourself, the last admin) is a toast.
 * Its trigger is an item of the menu it sits in: the detail page's More actions, or a table row's.
 */
export function DeleteUserDialog({
  user,
  from = 'detail',
  open,
  onOpenChange,
}: {
  user: { id: string; email: string };
  from?: 'detail' | 'list';
} & OpenedElsewhere) {
  const { t } = useTranslation('user');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const removeUser = useMutation(userMutations.delete(queryClient, user.id));
  // The dialog closes either way; a refusal's reason stays on screen as a toast.
  const { run } = useSubmit({ scopes: ['user:errors'] });

  const confirm = () =>
    run(
      // Marks every list for reading again.
      () => removeUser.mutateAsync(),
      async () => {
        toast.success(t('delete.success'));
        if (from === 'detail') await navigate({ to: '/manager/users', replace: true });
        // Only once the user's page is gone: removing its queries under it would make it fetch them again.
        forgetUser(queryClient, user.id);
      },
    );

  return (
    <TypedConfirmDialog
      title={t('delete.title')}
      description={t('delete.description')}
      confirmLabel={t('delete.action')}
      expected={user.email}
      onConfirm={confirm}
      open={open}
      onOpenChange={onOpenChange}
      label={<DeleteUserLabel email={user.email} />}
    >
      {open === undefined ? (
        <MenuItem tone="danger">
          <Trash2 aria-hidden />
          {t('delete.action')}
        </MenuItem>
      ) : undefined}
    </TypedConfirmDialog>
  );
}

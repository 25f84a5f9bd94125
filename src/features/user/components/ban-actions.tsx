import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '@/components/form/use-submit';
import { toast } from '@/components/ui/toast';
import { MenuItem } from '@/components/layout/menu-popover';
import { ConfirmDialog, type OpenedElsewhere } from '@/components/ui/confirm-dialog';
import { userMutations } from '../queries';
import { BanDialog } from './ban-dialog';
import { useFocusReplacement } from '@/hooks/use-focus-replacement';

type BanActionsProps = {
  user: {
    id: string;
    name: string;
    email: string;
    banned: boolean;
    banReason: string | null;
    banExpires: string | null;
  };
};

/**
 * "Ban" (a dialog with reason and duration) or, for a banned user, "Unban" behind a confirmation, as items
 * of the user page's action menu, which shows them only when the viewer may ban this user.
 */
export function UserBanActions({
  user,
  open: openElsewhere,
  onOpenChange,
}: BanActionsProps & OpenedElsewhere) {
  const { t } = useTranslation('user');
  const queryClient = useQueryClient();
  const unbanUser = useMutation(userMutations.unban(queryClient, user.id));
  const { run } = useSubmit({ scopes: ['user:errors'] });
  const [open, setOpen] = useState(false);
  // Banning turns Ban into Unban (and back): focus follows to the new item.
  const replacement = useFocusReplacement<HTMLButtonElement>(user.banned);

  const unban = () =>
    run(
      // The user's lists and detail are read again before the dialog closes.
      () => unbanUser.mutateAsync(),
      () => toast.success(t('ban.unbanned', { name: user.name })),
    );

  if (user.banned) {
    return (
      <ConfirmDialog
        title={t('ban.unbanTitle', { name: user.name })}
        description={t('ban.unbanConfirm')}
        confirmLabel={t('ban.unban')}
        onConfirm={unban}
        open={openElsewhere}
        onOpenChange={onOpenChange}
      >
        {openElsewhere === undefined ? (
          <MenuItem ref={replacement}>
            <ShieldCheck aria-hidden />
            {t('ban.unban')}
          </MenuItem>
        ) : undefined}
      </ConfirmDialog>
    );
  }

  if (openElsewhere !== undefined) {
    return <BanDialog user={user} open={openElsewhere} onOpenChange={(next) => onOpenChange?.(next)} />;
  }

  return (
    <>
      <MenuItem ref={replacement} onClick={() => setOpen(true)}>
        <Ban aria-hidden />
        {t('ban.action')}
      </MenuItem>
      <BanDialog user={user} open={open} onOpenChange={setOpen} />
    </>
  );
}

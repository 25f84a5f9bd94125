import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { userMutations } from '../queries';
import { BanDialog } from './ban-dialog';
import { translateError } from '@/lib/translate-error';

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
 * "Ban" (a dialog with reason and duration) or, for a banned user, "Unban" behind a confirmation. Shown
 * only to a viewer whose role may ban, and never on the viewer's own page; the server decides anyway.
 */
export function UserBanActions({ user }: BanActionsProps) {
  const { t } = useTranslation('user');
  const viewer = useSession();
  const queryClient = useQueryClient();
  const unbanUser = useMutation(userMutations.unban(queryClient, user.id));
  const [open, setOpen] = useState(false);
  if (!viewer || viewer.user.id === user.id || !roleCan(viewer.user.role, { user: ['ban'] })) return null;

  const unban = async () => {
    try {
      // The user's lists and detail are read again before the dialog closes.
      await unbanUser.mutateAsync();
    } catch (error) {
      const message = translateError(t, error, ['user:errors']);
      if (message) toast.error(message);
      return;
    }
    toast.success(t('ban.unbanned', { name: user.name }));
  };

  if (user.banned) {
    return (
      <ConfirmDialog
        title={t('ban.unbanTitle', { name: user.name })}
        description={t('ban.unbanConfirm')}
        confirmLabel={t('ban.unban')}
        onConfirm={unban}
      >
        <Button variant="outline">
          <ShieldCheck aria-hidden className="size-4" />
          {t('ban.unban')}
        </Button>
      </ConfirmDialog>
    );
  }

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Ban aria-hidden className="size-4" />
        {t('ban.action')}
      </Button>
      <BanDialog user={user} open={open} onOpenChange={setOpen} />
    </>
  );
}

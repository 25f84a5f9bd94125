import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { lazyPart } from '@/lib/lazy-part';

// The form (react-hook-form, zod, the date field) is fetched when the dialog first opens: the user page
// that offers it shows no form until then.
const BanFormBody = lazyPart(() => import('./ban-form').then((module) => module.BanFormBody));

type BanDialogProps = {
  user: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** "Ban {name}": an optional reason and a duration, with the end date shown before confirming. */
export function BanDialog({ user, open, onOpenChange }: BanDialogProps) {
  const { t } = useTranslation('user');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('ban.title', { name: user.name })}
      description={t('ban.description')}
    >
      {(controls) => <BanFormBody user={user} {...controls} />}
    </FormDialog>
  );
}

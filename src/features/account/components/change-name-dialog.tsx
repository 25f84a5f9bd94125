import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { lazyPart } from '@/lib/lazy-part';

// The form (react-hook-form, zod) is fetched when the dialog first opens: the account page shows none
// until then.
const ChangeNameForm = lazyPart(() => import('./change-name-form').then((module) => module.ChangeNameForm));

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentName: string;
};

/**
 * "Change name" in the responsive dialog. Open or closed is the caller's (the URL's) state. The form
 * mounts with the dialog, so each opening starts from the current name.
 */
export function ChangeNameDialog({ open, onOpenChange, currentName }: DialogProps) {
  const { t } = useTranslation('account');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('changeName.title')}
      description={t('changeName.description')}
    >
      {(controls) => <ChangeNameForm currentName={currentName} {...controls} />}
    </FormDialog>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { FormAlert } from '@/components/form/form-alert';
import { useSubmit } from '@/components/form/use-submit';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { forgetOtherQueries } from '@/features/auth/queries';
import { accountMutations } from '../queries';
import { EmailAddress } from './email-address';

/**
 * "Delete my account": the confirmation enables its button only once the user's own e-mail is typed.
 * Afterwards the user is on /login with a toast; a refusal (last admin, old session) shows here.
 */
export function DeleteAccountCard({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deleteAccount = useMutation(accountMutations.deleteAccount(queryClient));
  const { formError: error, run } = useSubmit({ scopes: ['account:errors'], show: 'alert' });

  const confirm = () =>
    run(
      // Empties the cached session, which the login guard reads, before going there.
      () => deleteAccount.mutateAsync(),
      async () => {
        toast.success(t('delete.done'));
        await navigate({ to: '/login', replace: true });
        // Only once the account's screens are gone: removing their queries under them would refetch them.
        forgetOtherQueries(queryClient);
      },
    );

  return (
    <SectionCard title={t('delete.title')} description={t('delete.description')} tone="danger">
      <FormAlert message={error} />
      <div className="flex justify-end">
        <TypedConfirmDialog
          title={t('delete.confirmTitle')}
          description={t('delete.confirmDescription')}
          confirmLabel={t('delete.action')}
          expected={email}
          onConfirm={confirm}
          label={
            <Trans
              t={t}
              ns="account"
              i18nKey="delete.typeEmail"
              values={{ email }}
              components={{
                email: <EmailAddress email={email} className="font-semibold [overflow-wrap:anywhere]" />,
              }}
            />
          }
        >
          <Button variant="destructive" className="w-full sm:w-auto">
            <Trash2 aria-hidden />
            {t('delete.action')}
          </Button>
        </TypedConfirmDialog>
      </div>
    </SectionCard>
  );
}

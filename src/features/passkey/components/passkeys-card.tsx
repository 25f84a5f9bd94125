import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { FormDialog } from '@/components/form/form-dialog';
import { FormWithActions } from '@/components/form/form-with-actions';
import { useSubmit } from '@/components/form/use-submit';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SectionCard } from '@/components/ui/section-card';
import { toast } from '@/components/ui/toast';
import { passkeyMutations, passkeyQueries } from '../queries';
import { type PasskeyView, zRenamePasskeyForm } from '../schema';
import { PasskeyList, RemovePasskeyButton, usePasskeyLabel } from './passkey-list';
import { useAddPasskey } from './use-add-passkey';

const ERROR_SCOPES = ['account:passkeys.errors'];

/**
 * The account page's passkeys: add one (the browser asks for a fingerprint, face or screen lock), see each
 * with its dates, rename or remove it.
 */
export function PasskeysCard() {
  const { t } = useTranslation('account');
  // Fetched in the browser only: dates are shown in the visitor's time zone.
  const queryClient = useQueryClient();
  const passkeys = useQuery(passkeyQueries.mine());
  const remove = useMutation(passkeyMutations.remove(queryClient));
  const add = useAddPasskey();
  return (
    <SectionCard
      title={t('passkeys.title')}
      description={t('passkeys.description')}
      actions={
        <Button
          variant="outline"
          disabled={add.pending}
          aria-busy={add.pending}
          onClick={() => void add.run()}
        >
          <KeyRound aria-hidden />
          {t('passkeys.add')}
        </Button>
      }
    >
      <PasskeyList
        query={passkeys}
        empty={t('passkeys.empty')}
        action={(passkey) => (
          <>
            <RenamePasskeyButton passkey={passkey} />
            <RemovePasskeyButton
              passkey={passkey}
              description={t('passkeys.removeConfirm')}
              remove={remove.mutateAsync}
            />
          </>
        )}
      />
    </SectionCard>
  );
}

function RenamePasskeyButton({ passkey }: { passkey: PasskeyView }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const label = usePasskeyLabel(passkey);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label={t('passkeys.renameNamed', { name: label })}
        onClick={() => setOpen(true)}
      >
        {t('passkeys.rename')}
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={t('passkeys.renameTitle')}
        description={t('passkeys.renameDescription')}
      >
        {(controls) => <RenamePasskeyForm passkey={passkey} {...controls} />}
      </FormDialog>
    </>
  );
}

function RenamePasskeyForm({
  passkey,
  onBusyChange,
  onClose,
}: {
  passkey: PasskeyView;
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const rename = useMutation(passkeyMutations.rename(queryClient));
  const form = useForm({
    resolver: zodResolver(zRenamePasskeyForm),
    defaultValues: { name: passkey.name ?? '' },
  });
  const { formError, run } = useSubmit({
    form,
    fields: { INVALID_PASSKEY_NAME: ['name', 'passkeys.name.required'] },
    scopes: ERROR_SCOPES,
    show: 'alert',
    onBusyChange,
  });
  const onSubmit = form.handleSubmit(({ name }) =>
    run(
      () => rename.mutateAsync({ id: passkey.id, name }),
      () => {
        toast.success(t('passkeys.renamed'));
        onClose();
      },
    ),
  );
  return (
    <FormWithActions
      onSubmit={onSubmit}
      error={formError}
      cancelLabel={t('passkeys.cancel')}
      onCancel={onClose}
      submitLabel={t('passkeys.save')}
      submitting={form.formState.isSubmitting}
    >
      <FormField control={form.control} name="name" ns="account" label={t('passkeys.name.label')}>
        {(field, control) => <Input {...field} {...control} autoComplete="off" autoFocus />}
      </FormField>
    </FormWithActions>
  );
}

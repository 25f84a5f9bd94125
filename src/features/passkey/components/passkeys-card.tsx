import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { lazyPart } from '@/lib/lazy-part';
import { passkeyMutations, passkeyQueries } from '../queries';
import type { PasskeyView } from '../schema';
import { PasskeyList, RemovePasskeyButton, usePasskeyLabel } from './passkey-list';
import { useAddPasskey } from './use-add-passkey';

// The form (react-hook-form, zod) is fetched when its dialog first opens: the page shows no form until then.
const RenamePasskeyForm = lazyPart(() =>
  import('./rename-passkey-form').then((module) => module.RenamePasskeyForm),
);

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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { failureCode, translateError } from '@/lib/translate-error';
import { passkeyMutations } from '../queries';

// Apart from the account page's card (its forms and schema): the home page's offer uses this alone.

/** The browser's own "cancelled" answers (its dialog closed): the user knows, nothing to say. */
function passkeyCancelled(error: unknown): boolean {
  const code = failureCode(error);
  return (
    code === 'AUTH_CANCELLED' ||
    code === 'ERROR_CEREMONY_ABORTED' ||
    code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'
  );
}

/** Adds a passkey: the browser's dialog, then a toast; false when it did not happen. */
export function useAddPasskey() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const add = useMutation(passkeyMutations.add(queryClient));
  const run = async (): Promise<boolean> => {
    try {
      await add.mutateAsync(undefined);
    } catch (error) {
      if (!passkeyCancelled(error)) {
        const message = translateError(t, error, ['account:passkeys.errors']);
        if (message) toast.error(message);
      }
      return false;
    }
    toast.success(t('passkeys.added'));
    return true;
  };
  return { run, pending: add.isPending };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { passkeyMutations, passkeyQueries } from '../queries';
import { PasskeyList, RemovePasskeyButton } from './passkey-list';

/**
 * The manager's view of a user's passkeys (name and dates, never key material), each removable: a lost
 * or stolen device then no longer signs in. The removal is audited.
 */
export function UserPasskeysCard({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const passkeys = useQuery(passkeyQueries.ofUser(userId));
  const remove = useMutation(passkeyMutations.removeOfUser(queryClient, userId));
  return (
    <SectionCard title={t('passkeys.title')} description={t('passkeys.adminDescription')}>
      <PasskeyList
        query={passkeys}
        empty={t('passkeys.adminEmpty')}
        action={(passkey) => (
          <RemovePasskeyButton
            passkey={passkey}
            description={t('passkeys.adminRemoveConfirm')}
            remove={remove.mutateAsync}
          />
        )}
      />
    </SectionCard>
  );
}

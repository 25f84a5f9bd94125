import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { authRequest } from '@/lib/auth-client';
import { translateAuthError } from './errors';
import { authKeys } from './queries';

/**
 * Signs out, then goes to /login. The cached session becomes null before navigating, so the login guard
 * lets the visitor in; data cached for the user is dropped once its screens are gone.
 */
export function useSignOut() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const router = useRouter();
  return async () => {
    const { error } = await authRequest((client, fetchOptions) => client.signOut({ fetchOptions }));
    if (error) {
      toast.error(translateAuthError(t, error));
      return;
    }
    queryClient.setQueryData(authKeys.session, null);
    await router.navigate({ to: '/login', replace: true });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
    await router.invalidate();
  };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { authMutations, forgetOtherQueries } from './queries';
import { translateError } from '@/lib/translate-error';

/**
 * Signs out, then goes to /login (with `redirect`, to come back there once signed in with another
 * account). The cached session becomes null before navigating, so the login guard lets the visitor in;
 * data cached for the user is dropped once its screens are gone.
 */
export function useSignOut({ redirect }: { redirect?: string } = {}) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const router = useRouter();
  const signOut = useMutation(authMutations.signOut(queryClient));
  return async () => {
    try {
      // Empties the cached session (authMutations.signOut) before navigating.
      await signOut.mutateAsync();
    } catch (error) {
      const message = translateError(t, error);
      if (message) toast.error(message);
      return;
    }
    await router.navigate({ to: '/login', search: redirect ? { redirect } : {}, replace: true });
    // Only once the signed-in screens are gone: removing their queries under them would refetch them.
    forgetOtherQueries(queryClient);
    await router.invalidate();
  };
}

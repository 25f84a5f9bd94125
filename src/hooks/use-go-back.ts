import { useCanGoBack, useRouter } from '@tanstack/react-router';

/** Goes back in history when there is somewhere to go back to inside the app, else to `fallback`. */
export function useGoBack(fallback = '/') {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return () => {
    if (canGoBack) router.history.back();
    else void router.navigate({ to: fallback });
  };
}

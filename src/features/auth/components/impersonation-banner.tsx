import { useQuery } from '@tanstack/react-query';
import { lazyPart } from '@/lib/lazy-part';
import { authQueries } from '../queries';

// The banner's code (and react-i18next's <Trans>) is fetched only while someone is impersonated: it is in
// the root, so it would otherwise be in every page's first download.
const ImpersonationBannerContent = lazyPart(() =>
  import('./impersonation-banner-content').then((module) => module.ImpersonationBannerContent),
);

/**
 * Shown on every page while an admin is signed in as someone else: who they are signed in as, and "Stop
 * impersonating" (./impersonation-banner-content.tsx). A server render streams it in the same answer, and
 * the hydration marker waits for it.
 */
export function ImpersonationBanner() {
  // Read from the cache the guards fill; public pages without a session simply show nothing.
  const { data } = useQuery({ ...authQueries.session(), enabled: false });
  if (!data?.session.impersonatedBy) return null;
  return <ImpersonationBannerContent impersonated={data.user} />;
}

import { useQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ErrorPage } from '@/components/layout/error-page';
import { LayoutFrame, useInLayoutFrame } from '@/components/layout/layout-frame';
import { LanguageSelect, ThemeSelect } from '@/components/layout/preference-selects';
import { RouteErrorPage } from '@/components/layout/route-error-page';
import { SiteHeader } from '@/components/layout/site-header';
import { errorCodeOf } from '@/lib/errors';
import { lazyPart } from '@/lib/lazy-part';
import { authQueries } from '../queries';
import { areaHome } from '../redirect';
import type { SessionInfo } from '../schema';

// The router's error pages are in every first download (/login's too), but only a signed-in visitor's show
// these two, with their menu, dialog and sign-out code: fetched when one renders
// (docs/performance.md#lazy-loaders). In an area, the area's own chunk has usually brought them already.
const UserMenu = lazyPart(() => import('./user-menu').then((module) => module.UserMenu));
const SwitchAccount = lazyPart(() => import('./switch-account').then((module) => module.SwitchAccount));

/** The router's 404 page (unknown URL, or an unknown id under an area). */
export function NotFoundScreen() {
  return <ErrorScreen>{(home) => <ErrorPage kind="notFound" home={home} />}</ErrorScreen>;
}

/**
 * The router's error boundary: the 403 page for a refusal (with a way to sign in with another account),
 * else the generic error page with Try Again.
 */
export function RouteErrorScreen({ error }: ErrorComponentProps) {
  const forbidden = errorCodeOf(error).code === 'FORBIDDEN';
  return (
    <ErrorScreen>
      {(home, session) =>
        forbidden ? (
          <ErrorPage kind="forbidden" home={home}>
            {session ? <SwitchAccount user={session.user} /> : null}
          </ErrorPage>
        ) : (
          <RouteErrorPage error={error} home={home} />
        )
      }
    </ErrorScreen>
  );
}

/**
 * An error page with the product's header. Inside an area (a failed loader, an unknown id) the area's
 * shell is already around it and nothing is added. Elsewhere the header shows the signed-in visitor's
 * menu, or the language and theme selects. The session is read from the cache without suspending or
 * throwing: its lookup may be the very thing that failed, and the page must show all the same (signed out).
 */
function ErrorScreen({ children }: { children: (home: string, session: SessionInfo | null) => ReactNode }) {
  const framed = useInLayoutFrame();
  const session = useQuery({ ...authQueries.session(), throwOnError: false }).data ?? null;
  const home = session ? areaHome(session.user.role) : '/';
  if (framed) return children(home, session);
  const account = session ? (
    <UserMenu
      placement="topbar"
      accountTo={home === '/app' ? '/app/account' : '/manager/account'}
      preferences={
        <>
          <ThemeSelect className="max-w-none" />
          <LanguageSelect className="max-w-none" />
        </>
      }
    />
  ) : undefined;
  return (
    <LayoutFrame>
      <div className="flex min-h-dvh flex-col">
        <SiteHeader home={home} account={account} />
        {children(home, session)}
      </div>
    </LayoutFrame>
  );
}

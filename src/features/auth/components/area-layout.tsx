import type { ReactNode } from 'react';
import { SiteHeader } from '@/components/layout/site-header';
import { useSession } from '../queries';
import { OnboardingPage } from './onboarding-page';
import { SignOutButton } from './sign-out-button';

/**
 * The shell of a signed-in area: header with navigation and Sign Out, then the page, or onboarding while
 * the user has no name yet. Renders nothing in the instant between sign-out and leaving the area.
 */
export function AreaLayout({ home, nav, children }: { home: string; nav: ReactNode; children: ReactNode }) {
  const session = useSession();
  if (!session) return null;
  const onboarded = session.user.onboardedAt !== null;
  return (
    <div className="flex min-h-dvh flex-col">
      {/* Onboarding has its own Sign Out: the header shows navigation and Sign Out only afterwards. */}
      <SiteHeader
        home={home}
        nav={onboarded ? nav : undefined}
        account={onboarded ? <SignOutButton compact /> : undefined}
      />
      {onboarded ? children : <OnboardingPage user={session.user} />}
    </div>
  );
}

import { useMatches } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LayoutFrame } from '@/components/layout/layout-frame';
import { SiteHeader } from '@/components/layout/site-header';
import { lazyPart } from '@/lib/lazy-part';
import { useSession } from '../queries';
import { StepUpDialog } from './step-up-dialog';

// Onboarding's form (react-hook-form and zod) is fetched only for a user without a name: every other visit
// to an area would download it for nothing (docs/performance.md#lazy-loaders).
const OnboardingPage = lazyPart(() => import('./onboarding-page').then((module) => module.OnboardingPage));

/**
 * What every signed-in area shell needs first: nothing in the instant between sign-out and leaving the
 * area, onboarding in place of the area while the user has no name yet, the area otherwise (the page is
 * marked interactive once it has hydrated: its shortcuts and listeners are attached by then).
 */
export function AreaGate({ home, children }: { home: string; children: ReactNode }) {
  const session = useSession();
  if (!session) return null;
  if (session.user.onboardedAt === null) {
    return (
      <div className="flex min-h-dvh flex-col">
        {/* Onboarding has its own Sign Out: the area's navigation and Sign Out come only afterwards. */}
        <SiteHeader home={home} />
        <OnboardingPage user={session.user} />
      </div>
    );
  }
  return (
    <LayoutFrame>
      {children}
      <StepUpDialog />
    </LayoutFrame>
  );
}

/**
 * True when the current route's `staticData.layout` is 'desktop-only': on phones such a page takes the
 * whole screen, without the area's header and navigation (it brings its own back button).
 */
export function useDesktopOnly(): boolean {
  return useMatches({
    select: (matches) => matches.some((match) => match.staticData.layout === 'desktop-only'),
  });
}

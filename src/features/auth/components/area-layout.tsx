import { useMatches } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { type NavItem, TabBar, TopNav } from '@/components/layout/area-nav';
import { SiteHeader } from '@/components/layout/site-header';
import { cn } from '@/lib/utils';
import { useSession } from '../queries';
import { OnboardingPage } from './onboarding-page';
import { SignOutButton } from './sign-out-button';

/**
 * The shell of a signed-in area: header with the desktop navigation and Sign Out, the page, and the
 * phone tab bar; onboarding instead while the user has no name yet. A route whose `staticData.layout` is
 * 'desktop-only' gets the whole phone screen: no header, no tab bar (it brings its own back button).
 * Renders nothing in the instant between sign-out and leaving the area.
 */
export function AreaLayout({
  home,
  items,
  children,
}: {
  home: string;
  items: NavItem[];
  children: ReactNode;
}) {
  const session = useSession();
  const desktopOnly = useMatches({
    select: (matches) => matches.some((match) => match.staticData.layout === 'desktop-only'),
  });
  if (!session) return null;
  const onboarded = session.user.onboardedAt !== null;
  if (!onboarded) {
    return (
      <div className="flex min-h-dvh flex-col">
        {/* Onboarding has its own Sign Out: the header shows navigation and Sign Out only afterwards. */}
        <SiteHeader home={home} />
        <OnboardingPage user={session.user} />
      </div>
    );
  }
  return (
    <div
      className={cn(
        'flex min-h-dvh flex-col',
        // Room for the fixed tab bar, so the end of the page is never hidden behind it.
        !desktopOnly && 'max-md:pb-[calc(4rem+env(safe-area-inset-bottom))]',
      )}
    >
      <SiteHeader
        home={home}
        nav={<TopNav items={items} />}
        account={<SignOutButton compact />}
        className={desktopOnly ? 'max-md:hidden' : undefined}
      />
      {children}
      {desktopOnly ? null : <TabBar items={items} />}
    </div>
  );
}

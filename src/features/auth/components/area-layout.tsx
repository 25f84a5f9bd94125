import type { ReactNode } from 'react';
import { type NavItem, TabBar, TopNav } from '@/components/layout/area-nav';
import { KeyboardShortcuts } from '@/components/layout/keyboard-shortcuts';
import { LanguageSelect, ThemeSelect } from '@/components/layout/preference-selects';
import { SiteHeader } from '@/components/layout/site-header';
import { cn } from '@/lib/utils';
import { AreaGate, useDesktopOnly } from './area-gate';
import { UserMenu } from './user-menu';

/**
 * The shell of a signed-in area: header with the desktop navigation and the user menu, the page, and the
 * phone tab bar; onboarding instead while the user has no name yet (see AreaGate). A route whose
 * `staticData.layout` is 'desktop-only' gets the whole phone screen: no header, no tab bar.
 */
export function AreaLayout({
  home,
  items,
  context,
  palette,
  children,
}: {
  home: string;
  items: NavItem[];
  /** What the area works inside, shown next to the product name (the app's organization switcher). */
  context?: ReactNode;
  /** The area's command palette (Ctrl/⌘+K), which the route composes from the features it searches. */
  palette?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AreaGate home={home}>
      <AreaFrame home={home} items={items} context={context}>
        {children}
      </AreaFrame>
      {palette}
    </AreaGate>
  );
}

function AreaFrame({
  home,
  items,
  context,
  children,
}: {
  home: string;
  items: NavItem[];
  context: ReactNode;
  children: ReactNode;
}) {
  const desktopOnly = useDesktopOnly();
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
        context={context}
        nav={<TopNav items={items} />}
        account={
          <UserMenu
            placement="topbar"
            accountTo={`${home}/account`}
            preferences={
              <>
                <ThemeSelect className="max-w-none" />
                <LanguageSelect className="max-w-none" />
              </>
            }
          />
        }
        className={desktopOnly ? 'max-md:hidden' : undefined}
      />
      {children}
      {desktopOnly ? null : <TabBar items={items} />}
      <KeyboardShortcuts />
    </div>
  );
}

import { useRouterState } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer } from 'vaul';
import { Button } from '@/components/ui/button';
import { directionOf } from '@/lib/i18n/languages';
import { type NavGroup, type SidebarExtra, SidebarNav } from './sidebar';
import { useSidebar } from './sidebar-context';

export type SidebarSheetProps = { brand: ReactNode; groups: NavGroup[]; extra?: SidebarExtra };

/**
 * The sidebar on phones, once its code has arrived (./sidebar-sheet.tsx): a sheet sliding in from the
 * reading start (left, right in Arabic), opened from the top bar. It closes as soon as the location
 * changes, whatever caused the navigation.
 */
export function SidebarSheetContent({ brand, groups, extra }: SidebarSheetProps) {
  const { t, i18n } = useTranslation();
  const { sheetOpen, setSheetOpen } = useSidebar();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // It mounts as the sheet first opens: only a later change of location closes it.
  const shownAt = useRef(pathname);

  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    setSheetOpen(false);
  }, [pathname, setSheetOpen]);

  return (
    <Drawer.Root
      open={sheetOpen}
      onOpenChange={setSheetOpen}
      direction={directionOf(i18n.language) === 'rtl' ? 'right' : 'left'}
      autoFocus
    >
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Drawer.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 border-e bg-background p-3 pt-[max(0.75rem,env(safe-area-inset-top))] outline-none"
        >
          <div className="flex h-10 items-center justify-between gap-2">
            {brand}
            <Drawer.Title className="sr-only">{t('sidebar.menu')}</Drawer.Title>
            <Drawer.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('sidebar.close')}>
                <X aria-hidden />
              </Button>
            </Drawer.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <SidebarNav groups={groups} onNavigate={() => setSheetOpen(false)} extra={extra} />
          </div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}

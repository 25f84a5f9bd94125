import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { appConfig } from '~/app.config';
import { isTypingTarget } from '@/lib/keyboard';
import { readSidebarCookie, writeSidebarOpen } from './sidebar-state';

type SidebarContextValue = {
  /** Desktop: expanded (labels) or collapsed to icons. */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Phone: the navigation sheet. */
  sheetOpen: boolean;
  setSheetOpen: (open: boolean) => void;
};

const SidebarContext = createContext<SidebarContextValue | null>(null);

/**
 * State of a collapsible sidebar: remembered in a cookie (see sidebar-state.ts), toggled by Ctrl+B or
 * Cmd+B outside text fields. Below the mobile breakpoint the shortcut opens or closes the sheet instead.
 */
export function SidebarProvider({ defaultOpen, children }: { defaultOpen: boolean; children: ReactNode }) {
  // A shell mounted again on the client (after a language switch…) may get loader data older than the
  // latest toggle; the cookie is current, and equals what the server read when hydrating.
  const [open, setOpenState] = useState(() =>
    typeof document === 'undefined' ? defaultOpen : (readSidebarCookie() ?? defaultOpen),
  );
  const [sheetOpen, setSheetOpen] = useState(false);

  const value = useMemo<SidebarContextValue>(
    () => ({
      open,
      setOpen: (next) => {
        setOpenState(next);
        writeSidebarOpen(next);
      },
      sheetOpen,
      setSheetOpen,
    }),
    [open, sheetOpen],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'b' || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey || isTypingTarget(event.target)) return;
      event.preventDefault();
      const wide = window.matchMedia(`(min-width: ${appConfig.breakpoints.mobile}px)`).matches;
      if (wide) value.setOpen(!value.open);
      else value.setSheetOpen(!value.sheetOpen);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [value]);

  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

/** Whether the sidebar is expanded, or null outside a sidebar (a menu in a plain top bar). */
export function useSidebarOpen(): boolean | null {
  return useContext(SidebarContext)?.open ?? null;
}

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used inside a SidebarProvider');
  return value;
}

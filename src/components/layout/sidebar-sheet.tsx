import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { onDemand } from '@/lib/on-demand';
import type { SidebarSheetProps } from './sidebar-sheet-content';
import { useSidebar } from './sidebar-context';

// vaul's drawer and the Radix dialog under it are fetched when the sheet first opens: the sheet exists on
// phones only, and most visits never open it (docs/performance.md#lazy-loaders).
const content = onDemand(() =>
  import('./sidebar-sheet-content').then((module) => module.SidebarSheetContent),
);

/** The sidebar on phones: a sheet opened from the top bar (./sidebar-sheet-content.tsx). */
export function SidebarSheet(props: SidebarSheetProps) {
  const { t } = useTranslation();
  const { sheetOpen, setSheetOpen } = useSidebar();
  const loaded = content.useOpened(sheetOpen, () => {
    setSheetOpen(false);
    toast.error(t('errors.unknown'));
  });
  // The same component on every render once loaded: React keeps the sheet's state.
  return loaded ? createElement(loaded, props) : null;
}

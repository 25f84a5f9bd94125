import { createElement, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { isTypingTarget } from '@/lib/keyboard';
import { onDemand } from '@/lib/on-demand';
import type { CommandPaletteProps } from './command-palette';

// The palette (cmdk and its searches) is fetched on the first Ctrl/⌘+K, or ahead of it on the first
// Ctrl or ⌘ press: nothing of it is in a page's first download.
const palette = onDemand(() => import('./command-palette').then((module) => module.CommandPalette));

/**
 * Ctrl+K (⌘K on a Mac) opens the command palette of the area, and closes it again; not while typing in a
 * field, where the keys belong to the text.
 */
export function CommandPaletteLauncher(props: Omit<CommandPaletteProps, 'open' | 'onOpenChange'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const loaded = palette.useOpened(open, () => {
    setOpen(false);
    toast.error(t('errors.unknown'));
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Control' || event.key === 'Meta') {
        void palette.load().catch(() => {});
        return;
      }
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey || isTypingTarget(event.target)) return;
      event.preventDefault();
      setOpen((was) => !was);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return loaded ? createElement(loaded, { ...props, open, onOpenChange: setOpen }) : null;
}

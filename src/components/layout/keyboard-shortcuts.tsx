import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { hasCommandModifier, isTypingTarget } from '@/lib/keyboard';
import { useSidebarOpen } from './sidebar-context';

/** The page's own search box: the one in the page's content, not a menu's or a dialog's. */
function pageSearchInput(): HTMLInputElement | null {
  const inputs = document.querySelectorAll<HTMLInputElement>('main [role="search"] input');
  // One layout's search may be hidden at this width (checkVisibility: where the browser has it).
  return [...inputs].find((input) => input.checkVisibility?.() ?? true) ?? null;
}

/**
 * The signed-in areas' single-key shortcuts: `/` puts the cursor in the page's search, `?` lists every
 * shortcut (Ctrl/⌘+K has a listener of its own, the palette's launcher). Neither fires while the user
 * types in a field, nor with Ctrl, ⌘ or Alt held. Mounted by each area's layout (inside the manager's
 * sidebar, whose Ctrl+B it lists).
 */
export function KeyboardShortcuts() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || hasCommandModifier(event) || isTypingTarget(event.target)) return;
      if (event.key === '?') {
        event.preventDefault();
        setOpen(true);
      } else if (event.key === '/') {
        const search = pageSearchInput();
        if (!search) return;
        event.preventDefault();
        search.focus();
        search.select();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return <ShortcutsDialog open={open} onOpenChange={setOpen} />;
}

function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  // The sidebar's shortcut exists where there is a sidebar (the manager area).
  const hasSidebar = useSidebarOpen() !== null;
  const command =
    typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';
  const rows: { keys: string[]; label: string }[] = [
    { keys: ['/'], label: t('shortcuts.search') },
    { keys: [command, 'K'], label: t('shortcuts.palette') },
    { keys: ['?'], label: t('shortcuts.help') },
    ...(hasSidebar ? [{ keys: [command, 'B'], label: t('shortcuts.sidebar') }] : []),
    { keys: ['Esc'], label: t('shortcuts.close') },
  ];
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('shortcuts.title')}
      description={t('shortcuts.description')}
    >
      <dl className="grid gap-3">
        {rows.map((row) => (
          <div key={row.label} className="flex items-center justify-between gap-4">
            <dt className="text-sm">{row.label}</dt>
            {/* Keys read left to right in every language, as they are printed on the keyboard. */}
            <dd dir="ltr" className="flex shrink-0 gap-1">
              {row.keys.map((key) => (
                <kbd
                  key={key}
                  className="min-w-7 rounded-md border bg-muted px-1.5 py-0.5 text-center font-mono text-xs"
                >
                  {key}
                </kbd>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </ResponsiveDialog>
  );
}

import { useRouterState } from '@tanstack/react-router';
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  use,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cn } from '@/lib/utils';

/**
 * A button that shows a panel of links and controls next to it (a disclosure, not an ARIA menu: the panel
 * holds selects and links that keep their own keyboard behaviour). Escape closes it and returns focus to
 * the button; so do a click outside and any navigation.
 */
export function MenuPopover({
  label,
  trigger,
  placement,
  className,
  triggerClassName,
  children,
}: {
  /** Accessible name of the panel, and the start of the button's (before what `trigger` shows). */
  label: string;
  trigger: ReactNode;
  /**
   * 'up' at the foot of a sidebar, 'down' under a top bar (aligned to its end), 'down-start' under a top
   * bar's start (aligned to its start).
   */
  placement: 'up' | 'down' | 'down-start';
  className?: string;
  /** Replaces the trigger's own look (e.g. an outline icon button in a page's top bar). */
  triggerClassName?: string;
  children: ReactNode;
}) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Opened on one location: any navigation closes it without an extra render pass.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === pathname;
  const setOpen = (next: boolean) => setOpenedAt(next ? pathname : null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  /** Closes the panel and gives focus back to the button (an item that finished its work). */
  const close = () => {
    setOpenedAt(null);
    button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    // A dialog opened from the panel (Sign Out's confirmation) sits outside it, in a portal: using it
    // leaves the menu open, so the dialog returns focus to the item that opened it.
    const inDialog = (target: EventTarget | null) =>
      target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null;
    const onPointerDown = (event: PointerEvent) => {
      if (inDialog(event.target)) return;
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpenedAt(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || inDialog(event.target)) return;
      setOpenedAt(null);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={root} className={cn('relative', className)}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className={
          triggerClassName ??
          'flex w-full min-w-0 items-center gap-2 rounded-md p-1 text-start hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring max-md:min-h-11 max-md:min-w-11'
        }
      >
        {/* Named by the label and what it shows (the user's name), so a voice command naming either works. */}
        <span className="sr-only">{label}</span>
        {trigger}
      </button>
      <div
        id={panelId}
        role="group"
        aria-label={label}
        hidden={!open}
        className={cn(
          'absolute z-50 w-64 rounded-lg border bg-background p-2 shadow-lg',
          placement === 'up' && 'bottom-full start-0 mb-2',
          placement === 'down' && 'end-0 top-full mt-2',
          placement === 'down-start' && 'start-0 top-full mt-2',
        )}
      >
        {/* Rendered while open only: a list's twenty row menus cost every server render their items. */}
        {open ? <CloseMenuContext value={close}>{children}</CloseMenuContext> : null}
      </div>
    </div>
  );
}

const CloseMenuContext = createContext<() => void>(() => undefined);

/**
 * Inside a MenuPopover's panel: what closes it and returns focus to its button, for an item whose choice
 * is made without a navigation (which closes it anyway), like the organization switcher's.
 */
export function useCloseMenu(): () => void {
  return use(CloseMenuContext);
}

/** One link or button of a panel: `MenuItem` for buttons, this on a link. */
export const menuItemClass =
  'flex min-h-9 w-full items-center gap-2 rounded-md px-2 py-1.5 text-start text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring max-md:min-h-11 [&_svg]:size-4 [&_svg]:shrink-0';

/**
 * One action of a MenuPopover's panel (a button; a dialog's trigger works too). `tone="danger"` marks
 * what cannot be undone, kept apart at the panel's end.
 */
export function MenuItem({
  tone = 'default',
  className,
  ...props
}: ComponentProps<'button'> & { tone?: 'default' | 'danger' }) {
  return (
    <button
      type="button"
      className={cn(
        menuItemClass,
        tone === 'danger' && 'text-destructive hover:bg-destructive/10',
        className,
      )}
      {...props}
    />
  );
}

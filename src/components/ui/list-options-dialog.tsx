import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { ResponsiveDialog } from './responsive-dialog';

/**
 * A list's filters (or order) behind one button, for phones: the controls would push the first row below
 * the fold. The button shows how many filters are on; the controls apply as they change (the list behind
 * the sheet follows), Done closes, Reset (while any filter is on) clears them.
 */
export function ListOptionsDialog({
  label,
  icon: Icon,
  activeCount = 0,
  onReset,
  iconOnly = false,
  className,
  children,
}: {
  /** The button's text and the sheet's title: "Filters", "Sort". */
  label: string;
  icon: LucideIcon;
  activeCount?: number;
  onReset?: () => void;
  /** The label for assistive technology only (with `title` on hover), where the row has no room. */
  iconOnly?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={setOpen}
      title={label}
      trigger={
        <Button
          variant="outline"
          size={iconOnly ? 'icon' : 'default'}
          title={iconOnly ? label : undefined}
          // On the narrowest phones (up to 360 px) the label is for assistive technology only, so the
          // search beside it keeps room for a word; the button stays a 44 px target.
          className={cn(!iconOnly && 'px-3 max-[22.5rem]:min-w-11', className)}
        >
          <Icon aria-hidden />
          <span className={iconOnly ? 'sr-only' : 'max-[22.5rem]:sr-only'}>{label}</span>
          {activeCount > 0 ? (
            <>
              <span
                aria-hidden
                className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground tabular-nums"
              >
                {activeCount}
              </span>{' '}
              <span className="sr-only">{t('listOptions.active', { count: activeCount })}</span>
            </>
          ) : null}
        </Button>
      }
    >
      <div className="grid gap-4">
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onReset && activeCount > 0 ? (
            <Button variant="outline" onClick={onReset}>
              {t('listOptions.reset')}
            </Button>
          ) : null}
          <Button onClick={() => setOpen(false)}>{t('listOptions.done')}</Button>
        </div>
      </div>
    </ResponsiveDialog>
  );
}

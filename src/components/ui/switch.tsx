import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * An on/off switch: a button with the switch role, a 44 px tap target around a 40 × 24 track. Name it with
 * `aria-labelledby` or `aria-label`.
 */
export function Switch({
  checked,
  onCheckedChange,
  className,
  ...button
}: Omit<ComponentProps<'button'>, 'onChange' | 'role' | 'type'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'group inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50',
        className,
      )}
      {...button}
    >
      <span
        aria-hidden
        className={cn(
          'relative h-6 w-10 rounded-full border transition-colors',
          checked ? 'border-primary bg-primary' : 'border-input bg-muted',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 start-0.5 size-[1.125rem] rounded-full bg-background shadow transition-transform',
            checked && 'translate-x-4 rtl:-translate-x-4',
          )}
        />
      </span>
    </button>
  );
}

import { ChevronDown, type LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * The product's select: the platform's own <select> (keyboard, typeahead, right-to-left, screen readers and
 * the phone's picker come with it; docs/decisions/022-native-selects.md), drawn like the other controls,
 * with an optional leading icon and a chevron at its end.
 */
export function Select({
  icon: Icon,
  className,
  wrapperClassName,
  ...props
}: ComponentProps<'select'> & { icon?: LucideIcon; wrapperClassName?: string }) {
  return (
    <div className={cn('relative min-w-0', wrapperClassName)}>
      {Icon ? (
        <Icon
          aria-hidden
          className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
      ) : null}
      <select
        className={cn(
          'h-10 w-full min-w-0 appearance-none truncate rounded-md border border-input bg-background pe-9 text-base text-foreground hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 max-md:h-11 sm:text-sm',
          Icon ? 'ps-8' : 'ps-3',
          className,
        )}
        {...props}
      />
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

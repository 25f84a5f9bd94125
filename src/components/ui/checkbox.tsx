import { type ComponentProps, useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';

/**
 * A native checkbox (keyboard, forms and screen readers for free) with the mixed state a "select all" box
 * needs: `indeterminate` exists only as a DOM property, so it is set after each render.
 */
export function Checkbox({
  indeterminate = false,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-checked={indeterminate ? 'mixed' : undefined}
      className={cn('size-4 cursor-pointer accent-primary', className)}
      {...props}
    />
  );
}

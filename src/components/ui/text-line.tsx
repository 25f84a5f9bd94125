import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * One line of text someone typed (a name, an address, a host), cut with an ellipsis when it does not fit.
 * It is isolated in its own direction (`dir="auto"`), so a Latin name on an Arabic page keeps its start and
 * loses its end, while it still aligns the way the page reads (`text-align: match-parent`: the
 * `match-parent-align` utility in styles.css).
 */
export function TextLine({
  children,
  className,
  title,
}: {
  children: ReactNode;
  className?: string;
  /** The whole text, shown on hover when it is cut. */
  title?: string;
}) {
  return (
    <span dir="auto" title={title} className={cn('block min-w-0 truncate match-parent-align', className)}>
      {children}
    </span>
  );
}

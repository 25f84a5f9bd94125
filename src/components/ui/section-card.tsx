import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/utils';

/**
 * A titled block of a settings-like screen: a region named by its heading, with an optional
 * description and actions that wrap under the title on narrow screens.
 */
export function SectionCard({
  title,
  description,
  actions,
  tone = 'default',
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** `danger` outlines irreversible actions (account deletion). */
  tone?: 'default' | 'danger';
  className?: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn(
        // One column that may be narrower than its content's widest word: a long title or button label
        // wraps instead of widening the page (Arabic's larger type made a phone scroll sideways).
        'grid min-w-0 grid-cols-1 gap-4 rounded-lg border bg-card p-4 sm:p-6',
        tone === 'danger' && 'border-destructive/50',
        className,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-56 gap-1">
          <h2 id={id} className={cn('text-lg font-semibold', tone === 'danger' && 'text-destructive')}>
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

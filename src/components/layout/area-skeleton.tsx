import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * What a signed-in area shows before the browser has rendered it (AREA_SSR=data-only: the server sends the
 * data, not the page): the area's frame in the layout's own sizes (the sidebar at its remembered width),
 * so the page does not jump when it arrives, with grey blocks for the title and the rows.
 */
export function AreaSkeleton({
  sidebar,
}: {
  /** The manager's sidebar, expanded (`true`) or not. */ sidebar?: boolean;
}) {
  return (
    <div aria-busy="true" className="flex min-h-dvh">
      {sidebar === undefined ? null : (
        <div
          aria-hidden="true"
          data-state={sidebar ? 'expanded' : 'collapsed'}
          className={cn('hidden h-dvh shrink-0 border-e bg-card md:block', sidebar ? 'w-64' : 'w-14')}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <div aria-hidden="true" className="h-14 border-b" />
        <div aria-hidden="true" className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6 sm:px-6">
          <Skeleton className="h-8 w-48" />
          {Array.from({ length: 6 }, (_, row) => (
            <Skeleton key={row} className="h-10" />
          ))}
        </div>
      </div>
    </div>
  );
}

import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import type { SortOrder } from '@/lib/search-params';
import { cn } from '@/lib/utils';

/** A list's order: which sort key, which way. */
export type ListSort<Key extends string> = { sort: Key; order: SortOrder };

/**
 * A column header. A sortable one holds a button that sorts by its key (its `first` direction, then the
 * other way on each click); the sorted column's header says so with `aria-sort`, which screen readers
 * announce with the header, and shows the direction as an arrow.
 */
export function SortHeader<Key extends string>({
  label,
  hideLabel = false,
  sort,
  current,
  onSortChange,
  className,
}: {
  label: string;
  /** Named for assistive technology only (the row menus' column). */
  hideLabel?: boolean;
  sort?: { key: Key; first: SortOrder } | undefined;
  current?: ListSort<Key> | undefined;
  onSortChange?: ((next: ListSort<Key>) => void) | undefined;
  className?: string;
}) {
  const active = sort && current?.sort === sort.key ? current.order : undefined;
  const Icon = active === 'asc' ? ArrowUp : active === 'desc' ? ArrowDown : ChevronsUpDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (active === 'asc' ? 'ascending' : 'descending') : undefined}
      // Stays under the area's sticky bar (its height in --sticky-top); opaque, as rows pass beneath it.
      className={cn(
        'sticky top-[var(--sticky-top,0px)] z-10 h-10 border-b bg-background px-3 text-start text-xs font-medium whitespace-nowrap text-muted-foreground first:rounded-ss-lg last:rounded-se-lg',
        className,
      )}
    >
      {sort && onSortChange ? (
        <button
          type="button"
          onClick={() =>
            onSortChange({
              sort: sort.key,
              order: active ? (active === 'asc' ? 'desc' : 'asc') : sort.first,
            })
          }
          className={cn(
            '-mx-2 inline-flex h-8 max-w-[calc(100%+1rem)] items-center gap-1 rounded-md px-2 hover:bg-muted hover:text-foreground',
            active && 'text-foreground',
          )}
        >
          <span className="truncate">{label}</span>
          <Icon aria-hidden className={cn('size-3.5 shrink-0', !active && 'opacity-60')} />
        </button>
      ) : (
        <span className={cn(hideLabel && 'sr-only')}>{label}</span>
      )}
    </th>
  );
}

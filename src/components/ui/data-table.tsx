import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuPopover } from '@/components/layout/menu-popover';
import type { SortOrder } from '@/lib/search-params';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button';
import { Checkbox } from './checkbox';
import { Skeleton } from './skeleton';
import { type ListSort, SortHeader } from './sort-header';

type DataColumn<Item, Key extends string> = {
  id: string;
  header: string;
  cell: (item: Item) => ReactNode;
  /** 'end' for numbers and dates, which then line up on their last digit (tabular figures). */
  align?: 'start' | 'end';
  /** The list order this header sets, and the direction a first click gives (A→Z, newest first…). */
  sort?: { key: Key; first: SortOrder };
  /**
   * Width and visibility, on the header and every cell: `w-32`, or `@max-2xl:hidden` to drop a column
   * when the table (a size container) is narrower than 42rem, whatever the sidebar leaves it.
   */
  className?: string;
};

export type DataTableOptions<Item, Key extends string> = {
  columns: DataColumn<Item, Key>[];
  sort?: ListSort<Key>;
  onSortChange?: (next: ListSort<Key>) => void;
  /**
   * The menu at each row's end: `items` are the links and buttons the viewer may use (`menuItemClass`, `MenuItem`),
   * `name` what the row is called in the menu's name ("Actions for {name}").
   */
  rowMenu?: { name: (item: Item) => string; items: (item: Item) => ReactNode };
  /** A first column of boxes that select rows for a bulk action. */
  selection?: TableSelection<Item>;
};

export type TableSelection<Item> = {
  isSelected: (item: Item) => boolean;
  /** A click on a row's box; `range` when shift was held (from the last row clicked to this one). */
  onToggle: (item: Item, range: boolean) => void;
  /** The box's name, e.g. "Select Ada Lovelace". */
  rowLabel: (item: Item) => string;
  /** The header's box, for the rows shown: checked when all are, mixed when some are. */
  page: { checked: boolean; indeterminate: boolean; onChange: (checked: boolean) => void; label: string };
};

/**
 * Put on the one link of a row (in its main cell): its box covers the whole row, so a click anywhere opens
 * the row while the keyboard meets one link per row, not one per cell; the focus ring outlines the row.
 */
export const tableRowLinkClass =
  'font-medium after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-ring';

const alignClass = { start: 'text-start', end: 'text-end tabular-nums' };
const cellClass = 'border-b px-3 py-2.5 align-middle [tr:last-child>&]:border-b-0';

/**
 * Rows as a table: a header that stays in view under the area's bar (`--sticky-top`, set by the layout)
 * while the page scrolls, aligned columns, sortable headers and each row's menu at its end. Columns are
 * dropped by the table's own width (a size container), not the screen's.
 */
export function DataTable<Item, Key extends string>({
  label,
  items,
  getKey,
  options,
  className,
}: {
  label: string;
  items: Item[];
  getKey: (item: Item) => string;
  options: DataTableOptions<Item, Key>;
  className?: string;
}) {
  const { columns, rowMenu, selection } = options;
  return (
    <TableFrame label={label} options={options} className={className}>
      {items.map((item) => (
        <tr
          key={getKey(item)}
          data-selected={selection?.isSelected(item) || undefined}
          className="relative hover:bg-muted/50 has-[a:focus-visible]:bg-muted/50 data-selected:bg-accent/60"
        >
          {selection ? (
            <td className={cn(cellClass, 'px-3')}>
              <Checkbox
                // Above the row's stretched link, which would otherwise take the click.
                className="relative z-[1] align-middle"
                checked={selection.isSelected(item)}
                aria-label={selection.rowLabel(item)}
                onChange={() => {}}
                onClick={(event) => selection.onToggle(item, event.shiftKey)}
              />
            </td>
          ) : null}
          {columns.map((column) => (
            <td
              key={column.id}
              className={cn(cellClass, alignClass[column.align ?? 'start'], column.className)}
            >
              {column.cell(item)}
            </td>
          ))}
          {rowMenu ? (
            <td className={cn(cellClass, 'px-1 text-end')}>
              <RowActionsMenu name={rowMenu.name(item)}>{rowMenu.items(item)}</RowActionsMenu>
            </td>
          ) : null}
        </tr>
      ))}
    </TableFrame>
  );
}

/** The table while its first page loads: the real headers over placeholder rows, so nothing moves after. */
export function DataTableSkeleton<Item, Key extends string>({
  label,
  options,
  rows,
  className,
}: {
  label: string;
  options: DataTableOptions<Item, Key>;
  rows: number;
  className?: string;
}) {
  return (
    <TableFrame label={label} options={options} className={className}>
      {Array.from({ length: rows }, (_, i) => (
        // Identical placeholders: the index is their only identity.
        <tr key={i}>
          {options.selection ? <td className={cellClass} /> : null}
          {options.columns.map((column) => (
            <td key={column.id} className={cn(cellClass, 'h-14', column.className)}>
              <Skeleton className={cn('h-4', column.align === 'end' ? 'ms-auto w-16' : 'w-2/3')} />
            </td>
          ))}
          {options.rowMenu ? <td className={cellClass} /> : null}
        </tr>
      ))}
    </TableFrame>
  );
}

function TableFrame<Item, Key extends string>({
  label,
  options,
  className,
  children,
}: {
  label: string;
  options: DataTableOptions<Item, Key>;
  className?: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { columns, sort, onSortChange, selection } = options;
  // No overflow on the frame: a scrolling box would hold the sticky header (and clip the row menus).
  return (
    <div className={cn('@container rounded-lg border', className)}>
      <table aria-label={label} className="w-full table-fixed border-separate border-spacing-0 text-sm">
        <thead>
          <tr>
            {selection ? (
              <th
                scope="col"
                className="sticky top-[var(--sticky-top,0px)] z-10 h-10 w-10 border-b bg-background px-3 text-start first:rounded-ss-lg"
              >
                <Checkbox
                  className="align-middle"
                  checked={selection.page.checked}
                  indeterminate={selection.page.indeterminate}
                  aria-label={selection.page.label}
                  onChange={(event) => selection.page.onChange(event.target.checked)}
                />
              </th>
            ) : null}
            {columns.map((column) => (
              <SortHeader
                key={column.id}
                label={column.header}
                sort={column.sort}
                current={sort}
                onSortChange={onSortChange}
                className={cn(alignClass[column.align ?? 'start'], column.className)}
              />
            ))}
            {options.rowMenu ? (
              <SortHeader label={t('dataTable.actions')} hideLabel className="w-12" />
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The "⋯" button at a row's end and its panel of actions. */
function RowActionsMenu({ name, children }: { name: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <MenuPopover
      label={t('dataTable.rowActions', { name: `\u2068${name}\u2069` })}
      placement="down"
      className="inline-flex"
      // 32 px for a mouse, where rows stay dense; 44 px on a touch screen (a tablet shows the table too).
      triggerClassName={cn(
        buttonVariants({ variant: 'ghost', size: 'icon' }),
        'size-8 pointer-coarse:size-11 text-muted-foreground hover:text-foreground aria-expanded:bg-muted aria-expanded:text-foreground',
      )}
      trigger={<MoreHorizontal aria-hidden />}
    >
      <div className="grid gap-1">{children}</div>
    </MenuPopover>
  );
}

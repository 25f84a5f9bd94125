import type { TFunction } from 'i18next';
import { ListChecks, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowSelection } from '@/hooks/use-row-selection';
import { BULK_MAX_ROWS, type BulkRow, summarizeBulk } from '@/lib/bulk';
import { translateError } from '@/lib/translate-error';
import { Button } from './button';
import { Checkbox } from './checkbox';
import type { TableSelection } from './data-table';
import { toast } from './toast';

/**
 * The bar of a list's selection, kept in view at the bottom while the list scrolls: how many rows are
 * selected, the offer to select every row the view matches once the shown ones are, the actions the
 * viewer may run on them (`children`) and Clear.
 */
export function SelectionBar({
  count,
  selectAll,
  onClear,
  children,
}: {
  count: number;
  /**
   * Offered once every shown row is selected and more match the view: `total` of them, up to `max`
   * (past it the admin is asked to narrow the view).
   */
  selectAll?: { total: number; max: number; onSelect: () => void } | undefined;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('bulk.bar')}
      className="sticky bottom-3 z-20 mt-3 flex flex-wrap items-center gap-2 rounded-lg border bg-background p-2 shadow-lg"
    >
      <p role="status" className="px-2 text-sm font-medium">
        {t('bulk.selected', { count })}
      </p>
      {selectAll ? (
        selectAll.total <= selectAll.max ? (
          <Button variant="link" size="sm" className="px-2" onClick={selectAll.onSelect}>
            {t('bulk.selectAll', { count: selectAll.total })}
          </Button>
        ) : (
          <p className="px-2 text-sm text-muted-foreground">{t('bulk.tooMany', { count: selectAll.max })}</p>
        )
      ) : null}
      <div className="ms-auto flex flex-wrap items-center gap-2">
        {children}
        <Button variant="ghost" size="sm" onClick={onClear}>
          <X aria-hidden />
          {t('bulk.clear')}
        </Button>
      </div>
    </section>
  );
}

/** The rows an action will change, by name: the first ten, then "and N more". */
export function NamesPreview({ names, total }: { names: readonly string[]; total: number }) {
  const { t } = useTranslation();
  const shown = names.slice(0, 10);
  const more = total - shown.length;
  return (
    <div className="grid gap-1 text-sm">
      <ul className="grid gap-0.5 rounded-md border bg-muted/40 px-3 py-2">
        {shown.map((name, index) => (
          // Two rows may share a name; their order is their identity here.
          <li key={`${index}:${name}`} dir="auto" className="truncate match-parent-align">
            {name}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="text-muted-foreground">{t('bulk.andMore', { count: more })}</p> : null}
    </div>
  );
}

/**
 * The table's selection column for `selection` over the shown `items`: a box per row (shift-click selects
 * the range from the last row clicked) and the header's box for every shown row.
 */
export function tableSelectionOf<Item>(
  selection: RowSelection,
  items: readonly Item[],
  getKey: (item: Item) => string,
  labels: { row: (item: Item) => string; page: string },
): TableSelection<Item> {
  const order = items.map(getKey);
  const chosen = order.filter((id) => selection.isSelected(id)).length;
  return {
    isSelected: (item) => selection.isSelected(getKey(item)),
    onToggle: (item, range) => selection.toggle(getKey(item), { range, order }),
    rowLabel: labels.row,
    page: {
      checked: order.length > 0 && chosen === order.length,
      indeterminate: chosen > 0 && chosen < order.length,
      onChange: (checked) => selection.setMany(order, checked),
      label: labels.page,
    },
  };
}

/**
 * A phone list's row while selecting: the whole row is the box's label (a 44 px target), so a tap selects
 * it instead of opening it.
 */
export function SelectableRow({
  selected,
  onToggle,
  label,
  children,
}: {
  selected: boolean;
  onToggle: () => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 px-4 py-3 hover:bg-muted/60 has-[:checked]:bg-accent/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-inset">
      <Checkbox checked={selected} onChange={onToggle} aria-label={label} className="size-5 shrink-0" />
      <span className="flex min-w-0 flex-1 flex-col gap-1">{children}</span>
    </label>
  );
}

/**
 * A list's selection over its shown rows (`shownIds`, in order), for its selection bar: how many rows an
 * action would change (`total` of them when every matching row is chosen), the shown ones chosen one by
 * one, and the offer to select every matching row once the whole page is chosen and more match.
 */
export function bulkSelectionOf(selection: RowSelection, shownIds: readonly string[], total: number | null) {
  const count = selection.allMatching ? (total ?? 0) : selection.ids.size;
  const chosenIds = shownIds.filter((id) => selection.ids.has(id));
  const pageChosen = shownIds.length > 0 && chosenIds.length === shownIds.length;
  const selectAll =
    !selection.allMatching && pageChosen && total !== null && total > shownIds.length
      ? { total, max: BULK_MAX_ROWS, onSelect: selection.selectAllMatching }
      : undefined;
  return { count, chosenIds, selectAll };
}

/**
 * Tells what a bulk action came to in a toast (a success when any row was done) and returns the skipped
 * rows' ids, which stay selected.
 */
export function announceBulkResult(
  t: TFunction,
  rows: readonly BulkRow[],
  wording: { doneKey: string; scopes: readonly string[] },
): string[] {
  const text = bulkSummaryText(t, rows, wording);
  if (rows.some((row) => row.outcome === 'done')) toast.success(text);
  else toast.error(text);
  return rows.filter((row) => row.outcome === 'skipped').map((row) => row.id);
}

/**
 * What a bulk action came to, in one line: "12 banned, 1 skipped: You cannot ban yourself." `doneKey`
 * counts the rows done; the skipped ones are grouped by reason, each translated as the single action's
 * refusal is (`scopes` for translateError).
 */
function bulkSummaryText(
  t: TFunction,
  rows: readonly BulkRow[],
  { doneKey, scopes }: { doneKey: string; scopes: readonly string[] },
): string {
  const summary = summarizeBulk(rows);
  const parts = [
    t(doneKey, { count: summary.done }),
    ...summary.skipped.map(({ reason, count }) =>
      t('common:bulk.skipped', { count, reason: translateError(t, { code: reason }, scopes) }),
    ),
  ];
  return parts.reduce((text, part) => t('common:bulk.summary', { first: text, next: part }));
}

/** The phone's "Select" switch: rows become boxes until it is pressed again. An icon, so the search keeps its room. */
export function SelectModeButton({
  selecting,
  onChange,
}: {
  selecting: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant={selecting ? 'default' : 'outline'}
      size="icon"
      aria-pressed={selecting}
      aria-label={t('bulk.select')}
      onClick={() => onChange(!selecting)}
      className="md:hidden"
    >
      <ListChecks aria-hidden />
    </Button>
  );
}

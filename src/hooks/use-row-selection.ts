import { useState } from 'react';
import { selectRange } from '@/lib/selection';

type State = { key: string; ids: ReadonlySet<string>; anchor: string | null; allMatching: boolean };

export type RowSelection = {
  /** The rows chosen one by one (all the loaded ones too while `allMatching`). */
  ids: ReadonlySet<string>;
  /** "Select all N matching this view": the server resolves the view to its rows. */
  allMatching: boolean;
  isSelected: (id: string) => boolean;
  /** A click on a row's box; with `range` (shift held) every row from the last one clicked gets its state. */
  toggle: (id: string, options: { range: boolean; order: readonly string[] }) => void;
  /** The header's box: these rows (the loaded page) all on, or all off. */
  setMany: (ids: readonly string[], checked: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
  /** After an action: only these rows stay selected (the skipped ones, so the admin sees them). */
  keepOnly: (ids: readonly string[]) => void;
};

const empty = (key: string): State => ({ key, ids: new Set(), anchor: null, allMatching: false });

/**
 * The selection of a list's rows. A new `viewKey` (another search, filter or order) starts it afresh: the
 * rows selected under the previous view are not what the new one shows.
 */
export function useRowSelection(viewKey: string): RowSelection {
  const [stored, setState] = useState<State>(() => empty(viewKey));
  const state = stored.key === viewKey ? stored : empty(viewKey);
  const update = (change: (current: State) => State) =>
    setState((current) => change(current.key === viewKey ? current : empty(viewKey)));
  return {
    ids: state.ids,
    allMatching: state.allMatching,
    isSelected: (id) => state.allMatching || state.ids.has(id),
    toggle: (id, { range, order }) =>
      update((current) => {
        const checked = !(current.allMatching || current.ids.has(id));
        const base = current.allMatching ? new Set(order) : current.ids;
        const ids = range
          ? selectRange(base, order, current.anchor, id, checked)
          : selectRange(base, order, null, id, checked);
        return { ...current, ids, anchor: id, allMatching: false };
      }),
    setMany: (ids, checked) =>
      update((current) => {
        const next = new Set(current.ids);
        for (const id of ids) {
          if (checked) next.add(id);
          else next.delete(id);
        }
        return { ...current, ids: next, allMatching: false };
      }),
    selectAllMatching: () => update((current) => ({ ...current, allMatching: true })),
    clear: () => update(() => empty(viewKey)),
    keepOnly: (ids) => update(() => ({ ...empty(viewKey), ids: new Set(ids) })),
  };
}

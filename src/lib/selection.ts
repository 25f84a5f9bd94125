// Selecting rows of a list: plain set logic, apart from React so it can be tested on its own.

/**
 * `selected` after a shift-click on `target`: every row from the last one clicked (`anchor`) to `target`,
 * in the list's `order`, takes `checked`, the state the click gives `target`. Without an anchor still in
 * the list, only `target` changes.
 */
export function selectRange(
  selected: ReadonlySet<string>,
  order: readonly string[],
  anchor: string | null,
  target: string,
  checked: boolean,
): Set<string> {
  const next = new Set(selected);
  const from = anchor === null ? -1 : order.indexOf(anchor);
  const to = order.indexOf(target);
  const range = from === -1 || to === -1 ? [target] : order.slice(Math.min(from, to), Math.max(from, to) + 1);
  for (const id of range) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}

// What every list's bulk action shares: the bound of a selection, the per-row answer, and its summary.
// No zod here: the list pages' summary needs none (the id list's schema is zBulkIds in ./list.ts).

/**
 * The most rows one bulk call acts on, whether the caller names them or asks for "every row matching the
 * view": rows are applied one after the other, each under its single action's rules, so a call stays
 * within a request's time. A larger view is refused (BULK_TOO_MANY) and the admin narrows it.
 */
export const BULK_MAX_ROWS = 1000;

/** One row of a bulk action's answer. A refusal is a row's outcome (with its code), never a thrown error. */
export type BulkRow = {
  id: string;
  /** The row's name as the list shows it; empty when the id matches nothing the caller may see. */
  name: string;
  outcome: 'done' | 'skipped';
  /** The refusal's code (`YOU_CANNOT_BAN_YOURSELF`, `NOT_FOUND`…) when skipped. */
  reason?: string;
};

export const done = (id: string, name: string): BulkRow => ({ id, name, outcome: 'done' });
export const skipped = (id: string, name: string, reason: string): BulkRow => ({
  id,
  name,
  outcome: 'skipped',
  reason,
});

/** How a bulk answer reads: how many were done, and the skipped rows grouped by reason (largest first). */
export type BulkSummary = { done: number; skipped: { reason: string; count: number }[] };

export function summarizeBulk(rows: readonly BulkRow[]): BulkSummary {
  const reasons = new Map<string, number>();
  let doneCount = 0;
  for (const row of rows) {
    if (row.outcome === 'done') doneCount += 1;
    else {
      const reason = row.reason ?? 'UNKNOWN_ERROR';
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  }
  const grouped = [...reasons].map(([reason, count]) => ({ reason, count }));
  return { done: doneCount, skipped: grouped.sort((a, b) => b.count - a.count) };
}

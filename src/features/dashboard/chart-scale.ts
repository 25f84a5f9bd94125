/**
 * The y axis of a count chart: from 0 to a round top, in at most `maxIntervals` equal whole steps (1, 2 or
 * 5 times a power of ten), so gridlines fall on numbers a reader can add up. The top is at least `minTop`:
 * a day with one sign-up is not drawn as a full-height bar, and a chart of zeros still has an axis.
 */
export function countTicks(max: number, { maxIntervals = 5, minTop = 4 } = {}): number[] {
  const target = Math.max(max, minTop);
  const rough = target / maxIntervals;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(rough)));
  const step =
    [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? rough;
  const top = Math.ceil(target / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/**
 * Which days get a date under the x axis: the last one (today, the day a reader looks for) and every
 * `every`-th day before it, so the labels fall on the same weekday and never crowd.
 */
export function labelledDays(count: number, every: number): number[] {
  const indexes: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) indexes.unshift(i);
  return indexes;
}

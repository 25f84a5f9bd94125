import '@tanstack/react-start/server-only';
import { outsideRequest } from '../http/request-context.ts';
import type { QuotaAddition, QuotaRule, QuotaStore } from './quota-store.ts';

type Entry = {
  rule: QuotaRule;
  /** The shared count of the window as last answered (this instance's synced uses and everyone else's). */
  shared: number;
  /** When that window ends (ms since the epoch); 0 before the first answer. */
  resetAt: number;
  /** Uses allowed here and not yet sent, and those sent whose answer has not come back. */
  pending: number;
  sending: number;
};

export type BatchedQuotaOptions = {
  /** How often the uses counted here are added to the shared store. */
  syncMs: number;
  /** Keys followed in memory at most; a call for another key goes to the shared store directly. */
  maxKeys?: number;
  onError: (error: unknown) => void;
};

/**
 * A store in front of `shared` that decides each call in memory and adds the uses to `shared` every
 * `syncMs`, in one round trip for all keys: a call costs no database or Redis round trip. Decisions use
 * the shared count of the last sync plus every use since, so one instance alone is exact. With several,
 * an instance learns the others' uses when it next adds its own, so a caller spread over them may get
 * past the limit by what the other instances let through in about one `syncMs` (at most the limit each).
 * If `shared` fails, the uses wait for the next sync and calls are still limited by this instance's count.
 */
export function batchedQuotaStore(
  shared: QuotaStore,
  { syncMs, maxKeys = 50_000, onError }: BatchedQuotaOptions,
): QuotaStore & { sync: () => Promise<void> } {
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;
  let syncing: Promise<void> | undefined;

  const schedule = () => {
    if (timer) return;
    timer = outsideRequest(() =>
      setTimeout(() => {
        timer = undefined;
        void sync();
      }, syncMs),
    );
    timer.unref();
  };

  const sendPending = async () => {
    const batch: (QuotaAddition & { entry: Entry })[] = [];
    for (const [key, entry] of entries) {
      if (entry.pending === 0) continue;
      batch.push({ key, rule: entry.rule, uses: entry.pending, entry });
      entry.sending = entry.pending;
      entry.pending = 0;
    }
    if (batch.length === 0) return;
    try {
      const answers = await shared.addMany(batch.map(({ key, rule, uses }) => ({ key, rule, uses })));
      batch.forEach(({ entry }, i) => {
        const answer = answers[i];
        if (answer) Object.assign(entry, { shared: answer.count, resetAt: answer.resetAt });
        entry.sending = 0;
      });
    } catch (error) {
      for (const { entry } of batch) {
        entry.pending += entry.sending;
        entry.sending = 0;
      }
      onError(error);
    }
  };

  const sync = (): Promise<void> => {
    syncing ??= sendPending().finally(() => {
      syncing = undefined;
      const now = Date.now();
      for (const [key, entry] of entries) {
        if (entry.pending === 0 && entry.sending === 0 && entry.resetAt <= now) entries.delete(key);
      }
      if ([...entries.values()].some((entry) => entry.pending > 0)) schedule();
    });
    return syncing;
  };

  const consume: QuotaStore['consume'] = async (key, rule) => {
    let entry = entries.get(key);
    if (!entry) {
      if (entries.size >= maxKeys) return shared.consume(key, rule);
      entry = { rule, shared: 0, resetAt: 0, pending: 0, sending: 0 };
      entries.set(key, entry);
    }
    const now = Date.now();
    // Once the window is over, the uses since it are the only ones that count.
    const known = entry.resetAt > now ? entry.shared : 0;
    if (known + entry.sending + entry.pending + 1 > rule.max) {
      const left = entry.resetAt > now ? entry.resetAt - now : rule.window * 1000;
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(left / 1000)) };
    }
    entry.pending += 1;
    schedule();
    return { allowed: true, retryAfter: null };
  };

  const consumeMany: QuotaStore['consumeMany'] = (uses) =>
    Promise.all(uses.map(({ key, rule }) => consume(key, rule)));

  return { ...shared, consume, consumeMany, sync };
}

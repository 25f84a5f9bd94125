import { describe, expect, it } from 'vitest';
import type { Sample } from './client.ts';
import { PhaseTotals, phaseStats, summarize } from './report.ts';

/** A run's samples: reads, writes and sign-ins with spread-out times and a few failures. */
function samples(count: number): Sample[] {
  const ops = [
    ['read', 'list'],
    ['read', 'detail'],
    ['write', 'create'],
    ['signIn', 'sendCode'],
  ] as const;
  return Array.from({ length: count }, (_, i) => {
    const [kind, op] = ops[i % ops.length] as (typeof ops)[number];
    return {
      kind,
      op,
      target: i % 2 ? 'A' : 'B',
      at: i * 10,
      ms: ((i * 37) % 101) + (kind === 'signIn' ? 1000 : 0),
      status: i % 53 === 0 ? 503 : 200,
      ...(i % 53 === 0 ? { code: 'SERVICE_UNAVAILABLE' } : {}),
      ...(i % 71 === 0 ? { error: 'timeout' as const, status: 0 } : {}),
    };
  });
}

describe('phase totals', () => {
  it('folded in window by window, give the figures of every sample at once', () => {
    const all = samples(2_000);
    const totals = new PhaseTotals();
    for (let from = 0; from < all.length; from += 300) totals.add(all.slice(from, from + 300));
    expect(totals.stats(60)).toEqual(phaseStats(all, 60));
    expect(totals.stats(60).byKind.all).toEqual(summarize(all, 60));
  });

  it('count failures by how they ended, per kind and operation', () => {
    const { byKind, byOp } = new PhaseTotals().add(samples(200)).stats(10);
    expect(byKind.all?.errors).toBe(
      (byKind.read?.errors ?? 0) + (byKind.write?.errors ?? 0) + (byKind.signIn?.errors ?? 0),
    );
    expect(byKind.all?.errorsBy).toEqual({ '503 SERVICE_UNAVAILABLE': 3, timeout: 3 });
    expect(Object.keys(byOp)).toEqual(['list', 'detail', 'create', 'sendCode']);
    expect(byOp.sendCode?.p50).toBeGreaterThanOrEqual(1000);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdmission, PoolTimeoutError } from './admission.ts';

const later = () => {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('createAdmission', () => {
  it('runs at most `slots` calls at once, the next ones in order as slots free', async () => {
    const admission = createAdmission({ slots: 2, timeoutMs: 1_000 });
    const gates = [later(), later(), later(), later()];
    const order: number[] = [];
    const runs = gates.map((gate, i) =>
      admission.run(async () => {
        order.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(order).toEqual([0, 1]);
    expect(admission.stats).toEqual({ active: 2, waiting: 2 });
    gates[1]?.resolve();
    await runs[1];
    await Promise.resolve();
    expect(order).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(admission.stats).toEqual({ active: 0, waiting: 0 });
  });

  it('fails a call that waited too long with POOL_TIMEOUT, and the slot count stays right', async () => {
    vi.useFakeTimers();
    const admission = createAdmission({ slots: 1, timeoutMs: 500 });
    const gate = later();
    const holding = admission.run(() => gate.promise);
    const waiting = admission.run(async () => 'never');
    const refused = expect(waiting).rejects.toMatchObject({ code: 'POOL_TIMEOUT' });
    await vi.advanceTimersByTimeAsync(499);
    expect(admission.stats.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await refused;
    await expect(waiting).rejects.toBeInstanceOf(PoolTimeoutError);
    expect(admission.stats).toEqual({ active: 1, waiting: 0 });
    gate.resolve();
    await holding;
    expect(await admission.run(async () => 'free again')).toBe('free again');
    expect(admission.stats).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the slot when the work fails', async () => {
    const admission = createAdmission({ slots: 1, timeoutMs: 100 });
    await expect(admission.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(admission.stats).toEqual({ active: 0, waiting: 0 });
    expect(await admission.run(async () => 1)).toBe(1);
  });
});

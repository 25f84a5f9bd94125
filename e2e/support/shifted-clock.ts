// Preloaded (`node --import`) into the sign-up-off e2e server and the instances specs start with
// `startSeededInstance`, so a test can move that server's
// wall clock forward — a code then expires without the suite waiting its real lifetime. The
// production build is unchanged; only `Date` in that process reads an offset (milliseconds) from the
// file named by E2E_CLOCK_FILE, re-read whenever the file changes. Timers are left alone.
import { readFileSync, watch } from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;

if (file) {
  const RealDate = Date;
  let offset = 0;
  const readOffset = () => {
    try {
      offset = Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      offset = 0;
    }
  };
  readOffset();
  watch(file, readOffset).unref();

  class ShiftedDate extends RealDate {
    constructor(...args: [] | [string | number | Date]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(args[0]);
    }

    static override now(): number {
      return RealDate.now() + offset;
    }

    // Dates made by Node internals (captured before this ran) still count as dates.
    static override [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof RealDate;
    }
  }

  // Date(y, m, d…) with several numbers is not used by the server's clock reads; keep the original for it.
  const ShiftedWithParts = new Proxy(ShiftedDate, {
    construct(target, args: unknown[], newTarget) {
      return args.length > 1
        ? Reflect.construct(RealDate, args, newTarget)
        : Reflect.construct(target, args, newTarget);
    },
    apply() {
      // Date() called without `new` returns the current time as a string.
      return new RealDate(RealDate.now() + offset).toString();
    },
  });
  globalThis.Date = ShiftedWithParts as DateConstructor;
}

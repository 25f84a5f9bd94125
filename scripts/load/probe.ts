// Preloaded (`node --expose-gc --import ./scripts/load/probe.ts`) into the server instances of the soak
// run only (scripts/load/soak.ts), like e2e/support/shifted-clock.ts into the e2e servers: the production
// build is unchanged and has no endpoint for any of this. On SIGUSR2 it appends one JSON line to the file
// named by SOAK_PROBE_FILE: the event-loop delay since the previous line (p99, max), then, after a full
// garbage collection (so the heap is what is still referenced, not what awaits collection), the
// process's memory and the page cache's entry count (read through the symbol src/server/http/page-cache.ts
// publishes). Without SOAK_PROBE_FILE it does nothing.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export type ProbeLine = {
  /** Epoch ms when the line was taken. */
  at: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  /** Memory of C++ objects bound to JS ones, and of ArrayBuffers and Buffers among it. */
  externalMb: number;
  arrayBuffersMb: number;
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  /** Pages in the sign-in page cache; null before the first request created it. */
  pageCacheEntries: number | null;
};

const file = process.env.SOAK_PROBE_FILE;

if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('SIGUSR2', () => {
    const eventLoopP99Ms = ms(delay.percentile(99));
    const eventLoopMaxMs = ms(delay.max);
    gc?.();
    const memory = process.memoryUsage();
    const size = (globalThis as Record<symbol, (() => number) | undefined>)[
      Symbol.for('starter.pageCache.size')
    ];
    const line: ProbeLine = {
      at: Date.now(),
      rssMb: mb(memory.rss),
      heapUsedMb: mb(memory.heapUsed),
      heapTotalMb: mb(memory.heapTotal),
      externalMb: mb(memory.external),
      arrayBuffersMb: mb(memory.arrayBuffers),
      eventLoopP99Ms,
      eventLoopMaxMs,
      pageCacheEntries: size ? size() : null,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    // The collection just made is not the application's delay: the next line starts after it.
    delay.reset();
  });
}

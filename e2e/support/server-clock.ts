// Moves the sign-up-off e2e server's clock (see shifted-clock.ts, preloaded into that server only).
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

function clockFile(): string {
  const file = process.env.E2E_CLOCK_FILE;
  if (!file) throw new Error('E2E_CLOCK_FILE is not set: run the suite with `pnpm test:e2e`');
  return file;
}

/** Moves the server's clock `ms` further forward; cumulative, so a retried test keeps moving on. */
export async function advanceServerClock(ms: number): Promise<void> {
  const file = clockFile();
  const current = Number(readFileSync(file, 'utf8').trim()) || 0;
  writeFileSync(file, String(current + ms));
  // The server re-reads the file on a file-system notification, which arrives within milliseconds.
  await sleep(300);
}

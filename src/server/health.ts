import '@tanstack/react-start/server-only';
import { getDatabaseHandle } from './db/database.ts';

const DB_CHECK_TIMEOUT_MS = 2_000;

export type Health = {
  status: 'ok' | 'unavailable';
  uptimeSeconds: number;
  database: { status: 'ok' | 'unavailable'; kind?: 'pglite' | 'postgres'; latencyMs?: number };
};

/** Process and database status for load balancers; never waits longer than the check timeout. */
export async function checkHealth(): Promise<Health> {
  const started = performance.now();
  const uptimeSeconds = Math.round(process.uptime());
  try {
    const handle = await withTimeout(getDatabaseHandle());
    await withTimeout(handle.ping());
    return {
      status: 'ok',
      uptimeSeconds,
      database: { status: 'ok', kind: handle.kind, latencyMs: Math.round(performance.now() - started) },
    };
  } catch {
    return { status: 'unavailable', uptimeSeconds, database: { status: 'unavailable' } };
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), DB_CHECK_TIMEOUT_MS);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

import '@tanstack/react-start/server-only';
import { Redis } from 'ioredis';

let client: Redis | undefined;

/** The process's Redis connection (shared rate-limit counters across instances), opened on first use. */
export function getRedis(url: string): Redis {
  client ??= new Redis(url, {
    // Fail a command quickly instead of queueing it while Redis is away.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    lazyConnect: false,
  });
  return client;
}

export async function closeRedis(): Promise<void> {
  const current = client;
  client = undefined;
  await current?.quit().catch(() => current.disconnect());
}

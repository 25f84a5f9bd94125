import '@tanstack/react-start/server-only';
import { Redis } from 'ioredis';

type Holder = { client?: Redis };

// On globalThis: the server plugin that closes the connection (.output/server/index.mjs) and the app code
// that opens it (.output/server/_ssr/) are bundled apart, each with its own copy of this module.
const holder: Holder = ((globalThis as { __starterRedis?: Holder }).__starterRedis ??= {});

/** The process's Redis connection (shared rate-limit counters across instances), opened on first use. */
export function getRedis(url: string): Redis {
  holder.client ??= new Redis(url, {
    // Fail a command quickly instead of queueing it while Redis is away.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    lazyConnect: false,
  });
  return holder.client;
}

export async function closeRedis(): Promise<void> {
  const current = holder.client;
  holder.client = undefined;
  await current?.quit().catch(() => current.disconnect());
}

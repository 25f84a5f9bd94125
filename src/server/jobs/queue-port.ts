import '@tanstack/react-start/server-only';
import type { Database } from '@/server/db/client';
import type { JobData, QueueName } from './queues';

/** Adds a job through `executor` (a transaction, so it exists once the change commits). */
type Enqueue = <Name extends QueueName>(
  executor: Pick<Database, 'execute'>,
  name: Name,
  data: JobData[Name],
) => Promise<unknown>;

// On globalThis: the bundle holds several copies of the server's modules, and ./app-jobs.ts (which sets it)
// and the code that queues from inside the audit log's write (src/features/webhook/emit.server.ts) may sit
// in different ones. A port, not an import of ./app-jobs.ts, because that module reaches the audit log.
const holder: { enqueue?: Enqueue } = ((
  globalThis as { __starterQueuePort?: { enqueue?: Enqueue } }
).__starterQueuePort ??= {});

export function setQueuePort(enqueue: Enqueue): void {
  holder.enqueue = enqueue;
}

/** The process's job queue (./app-jobs.ts), as code that cannot import it sees it. */
export const queueJob: Enqueue = (executor, name, data) => {
  if (!holder.enqueue) throw new Error('the job queue is not set up in this process');
  return holder.enqueue(executor, name, data);
};

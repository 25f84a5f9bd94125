import '@tanstack/react-start/server-only';
import { inArray, lt } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { verification } from '@/server/db/schema/index';

/** Rows per statement, and statements per run: a larger backlog is finished by the next runs. */
const BATCH = 1_000;
const MAX_BATCHES = 100;

/**
 * Deletes the verification rows that expired by `now` and answers how many. better-auth deletes a code or
 * challenge when it is used or looked up after its expiry; one nobody comes back for (a passkey challenge
 * asked for by anyone on the login page, a code never entered) would otherwise stay for good.
 */
export async function pruneExpiredVerifications(db: Database, now = new Date()): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const expired = db
      .select({ id: verification.id })
      .from(verification)
      .where(lt(verification.expiresAt, now))
      .limit(BATCH);
    const rows = await db
      .delete(verification)
      .where(inArray(verification.id, expired))
      .returning({ id: verification.id });
    deleted += rows.length;
    if (rows.length < BATCH) break;
  }
  return deleted;
}

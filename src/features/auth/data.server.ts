import '@tanstack/react-start/server-only';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { user } from '@/server/db/schema/index';

/** Sets the user's name and, the first time only, when they were onboarded. */
export async function completeOnboarding(userId: string, name: string, db?: Database): Promise<void> {
  const executor = db ?? (await getDb());
  await executor
    .update(user)
    .set({ name, onboardedAt: sql`coalesce(${user.onboardedAt}, now())` })
    .where(eq(user.id, userId));
}

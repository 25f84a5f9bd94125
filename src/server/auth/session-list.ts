import '@tanstack/react-start/server-only';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { SessionRow } from '@/lib/session-view';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { session } from '@/server/db/schema/index';

/**
 * A user's unexpired sessions, most recently used first, with who opened each (`impersonatedBy`: the admin
 * behind an impersonation), for the account page and the admin's user page alike. Tokens are never
 * selected.
 */
export async function listActiveSessions(userId: string, db?: Database): Promise<SessionRow[]> {
  const executor = db ?? (await getDb());
  return executor
    .select({
      id: session.id,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
      impersonatedBy: session.impersonatedBy,
      signInMethod: session.signInMethod,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt), desc(session.id));
}

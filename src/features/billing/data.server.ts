import '@tanstack/react-start/server-only';
import { and, count, eq, sql } from 'drizzle-orm';
import { entities } from '@/entities';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { invitation, member, organizationBilling } from '@/server/db/schema/index';

export type BillingRow = typeof organizationBilling.$inferSelect;

export async function findBillingRow(organizationId: string, db?: Database): Promise<BillingRow | undefined> {
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select()
    .from(organizationBilling)
    .where(eq(organizationBilling.organizationId, organizationId));
  return row;
}

export async function findBillingRowByCustomer(
  customerId: string,
  db: Database,
): Promise<BillingRow | undefined> {
  const [row] = await db
    .select()
    .from(organizationBilling)
    .where(eq(organizationBilling.stripeCustomerId, customerId));
  return row;
}

/** The table of the tenant-owned entity whose plural is `key` (`repositories` → `repository`). */
function entityTableOf(key: string): string | undefined {
  const entity = Object.values(entities).find(
    (entry) => 'tenantOwned' in entry && entry.tenantOwned.plural === key,
  );
  return entity?.noun.replaceAll('-', '_');
}

/** What the organization holds of a limited thing: its members, or its rows of a tenant-owned entity. */
export async function countUsage(organizationId: string, key: string, db?: Database): Promise<number> {
  const executor = db ?? (await getDb());
  if (key === 'members') {
    const [row] = await executor
      .select({ n: count() })
      .from(member)
      .where(eq(member.organizationId, organizationId));
    return row?.n ?? 0;
  }
  const table = entityTableOf(key);
  if (!table) throw new Error(`billing: no tenant-owned entity has the plural "${key}"`);
  const [row] = await executor
    .select({ n: count() })
    .from(sql`${sql.identifier(table)}`)
    .where(sql`organization_id = ${organizationId}`);
  return row?.n ?? 0;
}

/** Invitations still waiting for an answer: each takes a member's place once accepted. */
export async function countPendingInvitations(organizationId: string, db?: Database): Promise<number> {
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select({ n: count() })
    .from(invitation)
    .where(
      and(
        eq(invitation.organizationId, organizationId),
        eq(invitation.status, 'pending'),
        sql`${invitation.expiresAt} > now()`,
      ),
    );
  return row?.n ?? 0;
}

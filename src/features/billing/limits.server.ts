import '@tanstack/react-start/server-only';
import { eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { organization } from '@/server/db/schema/index';
import { countPendingInvitations, countUsage, findBillingRow } from './data.server';
import { billingStanding } from './plans';
import { billingMode } from './stripe.server';

// The plan's limits and the read-only state of an organization whose payment is overdue, for every path
// that creates or changes something in it (docs/decisions/044-billing.md). With billing off, neither
// applies and nothing is read.

/**
 * Inside the transaction that creates one `key` (`members`, or a tenant-owned entity's plural) in the
 * organization: PLAN_LIMIT_REACHED:<key> when its plan allows no more. The organization's row is locked
 * first, so two creates at the limit never both pass.
 */
export async function withinPlanLimit(tx: Database, organizationId: string, key: string): Promise<void> {
  if (billingMode() !== 'stripe') return;
  await tx
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.id, organizationId))
    .for('update');
  const { plan } = billingStanding(await findBillingRow(organizationId, tx));
  const limit = plan.limits[key];
  if (limit === undefined) return;
  if ((await countUsage(organizationId, key, tx)) >= limit) throw new AppError('PLAN_LIMIT_REACHED', key);
}

/**
 * A new invitation: refused while the organization is read-only (ORGANIZATION_READ_ONLY), and, since it
 * takes a member's place when accepted, while members and pending invitations together fill the plan
 * (PLAN_LIMIT_REACHED:members).
 */
export async function assertCanInvite(organizationId: string, db?: Database): Promise<void> {
  if (billingMode() !== 'stripe') return;
  const executor = db ?? (await getDb());
  const standing = billingStanding(await findBillingRow(organizationId, executor));
  if (standing.readOnly) throw new AppError('ORGANIZATION_READ_ONLY');
  const limit = standing.plan.limits.members;
  if (limit === undefined) return;
  const taken =
    (await countUsage(organizationId, 'members', executor)) +
    (await countPendingInvitations(organizationId, executor));
  if (taken >= limit) throw new AppError('PLAN_LIMIT_REACHED', 'members');
}

/** The members the organization's plan allows (`Infinity` without a limit or with billing off). */
export async function memberLimitOf(organizationId: string, db?: Database): Promise<number> {
  if (billingMode() !== 'stripe') return Number.POSITIVE_INFINITY;
  const limit = billingStanding(await findBillingRow(organizationId, db)).plan.limits.members;
  return limit ?? Number.POSITIVE_INFINITY;
}

/**
 * ORGANIZATION_READ_ONLY once a payment has been owed past the grace period (`billing.graceDays`): the
 * organization's data is read as usual, and only its billing may be changed, until it is paid.
 */
export async function assertWritable(organizationId: string, db?: Database): Promise<void> {
  if (billingMode() !== 'stripe') return;
  if (billingStanding(await findBillingRow(organizationId, db)).readOnly) {
    throw new AppError('ORGANIZATION_READ_ONLY');
  }
}

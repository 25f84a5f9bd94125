import { describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { entities } from '@/entities';
import { billingStanding, freePlan, planById, plans } from './plans';

const DAY = 86_400_000;
const now = new Date('2026-06-10T12:00:00Z');
const record = (status: string, pastDueSince: Date | null = null) => ({ plan: 'pro', status, pastDueSince });

describe('billingStanding', () => {
  it('is the free plan without a subscription, or with one that ended or never started', () => {
    for (const status of ['none', 'canceled', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(billingStanding(record(status), now), status).toEqual({
        plan: freePlan,
        graceEndsAt: null,
        readOnly: false,
      });
    }
    expect(billingStanding(null, now).plan).toBe(freePlan);
  });

  it("is the subscription's plan while it is active, trialing or owed", () => {
    for (const status of ['active', 'trialing', 'past_due', 'unpaid']) {
      expect(billingStanding(record(status, now), now).plan.id, status).toBe('pro');
    }
  });

  it('gives an overdue payment the grace period, counted from when it first fell behind, then read-only', () => {
    const since = new Date(now.getTime() - 2 * DAY);
    const owed = billingStanding(record('past_due', since), now);
    expect(owed.graceEndsAt?.getTime()).toBe(since.getTime() + appConfig.billing.graceDays * DAY);
    expect(owed.readOnly).toBe(false);
    const late = new Date(now.getTime() + appConfig.billing.graceDays * DAY);
    expect(billingStanding(record('unpaid', since), late).readOnly).toBe(true);
    expect(billingStanding(record('active', since), late)).toMatchObject({
      graceEndsAt: null,
      readOnly: false,
    });
  });

  it('falls back to the free plan for a plan id app.config.ts no longer has', () => {
    expect(billingStanding({ plan: 'retired', status: 'active', pastDueSince: null }, now).plan).toBe(
      freePlan,
    );
  });
});

describe('the plans of app.config.ts', () => {
  it('start with a free plan, and every other has a monthly and a yearly price', () => {
    expect(freePlan.price).toBeUndefined();
    for (const plan of plans.slice(1)) {
      expect(plan.price?.month, plan.id).toBeGreaterThan(0);
      expect(plan.price?.year, plan.id).toBeGreaterThan(0);
    }
    expect(new Set(plans.map((plan) => plan.id)).size).toBe(plans.length);
    expect(planById('pro')?.perSeat).toBe(true);
  });

  it('limit only members and tenant-owned entities, by their plural', () => {
    const plurals = Object.values(entities).flatMap((entity) =>
      'tenantOwned' in entity ? [entity.tenantOwned.plural] : [],
    );
    for (const plan of plans) {
      for (const key of Object.keys(plan.limits))
        expect(['members', ...plurals], `${plan.id}: ${key}`).toContain(key);
    }
  });
});

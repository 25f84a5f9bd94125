import { describe, expect, it } from 'vitest';
import { entities } from '@/entities';
import { eventOfAuditAction, webhookEvents } from './events';

describe('webhook events', () => {
  it("are every tenant-owned entity's changes and the members', from the registry", () => {
    const tenantOwned = Object.values(entities).filter((entity) => 'tenantOwned' in entity);
    expect(webhookEvents()).toEqual([
      ...tenantOwned.flatMap((entity) =>
        ['created', 'updated', 'deleted'].map((verb) => `${entity.noun}.${verb}`),
      ),
      'member.added',
      'member.removed',
    ]);
    expect(webhookEvents()).toContain('repository.created');
  });

  it('are what an audited change is, and nothing for the rest', () => {
    expect(eventOfAuditAction('repository.create')).toBe('repository.created');
    expect(eventOfAuditAction('repository.delete')).toBe('repository.deleted');
    expect(eventOfAuditAction('organization.accept-invitation')).toBe('member.added');
    expect(eventOfAuditAction('organization.remove-member')).toBe('member.removed');
    expect(eventOfAuditAction('organization.leave')).toBe('member.removed');
    // Not a tenant-owned row's change, or not one of the three verbs.
    expect(eventOfAuditAction('repository.export')).toBeNull();
    expect(eventOfAuditAction('user.create')).toBeNull();
    expect(eventOfAuditAction('webhook.create')).toBeNull();
    expect(eventOfAuditAction('api-key.revoke')).toBeNull();
    expect(eventOfAuditAction('constructor.create')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { actionsOfGroup, auditActionGroup, auditActions, zAuditListQuery } from './schema';
import { auditActionGroups } from './search';

describe('zAuditListQuery', () => {
  it('caps the page size and bounds the user filter', () => {
    expect(zAuditListQuery.parse({})).toEqual({ limit: appConfig.pagination.pageSize });
    expect(zAuditListQuery.safeParse({ limit: appConfig.pagination.maxPageSize + 1 }).success).toBe(false);
    expect(zAuditListQuery.safeParse({ userId: 'u'.repeat(65) }).success).toBe(false);
  });

  it('takes no search term, and removes controls from the user filter', () => {
    expect(zAuditListQuery.parse({ searchTerm: 'x' })).not.toHaveProperty('searchTerm');
    expect(zAuditListQuery.parse({ userId: 'user\u00001' }).userId).toBe('user1');
  });
});

describe('action groups', () => {
  it('puts every action in exactly one of the offered groups, and leaves no group empty', () => {
    expect(auditActions).toHaveLength(new Set(auditActions).size);
    for (const action of auditActions) expect(auditActionGroups).toContain(auditActionGroup[action]);
    const grouped = auditActionGroups.flatMap((group) => actionsOfGroup(group));
    expect(grouped.toSorted()).toEqual(auditActions.toSorted());
    for (const group of auditActionGroups) expect(actionsOfGroup(group).length).toBeGreaterThan(0);
  });

  it('files impersonation with sign-in and session endings with sessions', () => {
    expect(actionsOfGroup('signIn')).toEqual(
      expect.arrayContaining(['user.impersonate', 'user.stop-impersonating', 'account.change']),
    );
    expect(actionsOfGroup('sessions')).toEqual([
      'session.revoke',
      'session.revoke-all',
      'session.revoke-others',
    ]);
    expect(auditActionGroup['audit.purge']).toBe('system');
  });
});

describe('zAuditListQuery filters', () => {
  it('takes every filter, with controls removed from ids', () => {
    const parsed = zAuditListQuery.parse({
      actorId: 'a\u00001',
      group: 'users',
      targetType: 'user',
      targetId: 'u1',
      organizationId: 'o1',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(parsed).toMatchObject({ actorId: 'a1', group: 'users', from: '2026-01-01', to: '2026-01-31' });
  });

  it('refuses unknown groups and target types, days that do not exist, and a range that ends before it starts', () => {
    expect(zAuditListQuery.safeParse({ group: 'everything' }).success).toBe(false);
    expect(zAuditListQuery.safeParse({ targetType: 'planet' }).success).toBe(false);
    expect(zAuditListQuery.safeParse({ from: '2026-02-31' }).success).toBe(false);
    expect(zAuditListQuery.safeParse({ from: '2026-1-1' }).success).toBe(false);
    expect(zAuditListQuery.safeParse({ to: '2026-01-01T00:00:00Z' }).success).toBe(false);
    const backwards = zAuditListQuery.safeParse({ from: '2026-02-01', to: '2026-01-31' });
    expect(backwards.error?.issues).toEqual([
      expect.objectContaining({ path: ['to'], message: 'audit:filters.errors.range' }),
    ]);
    expect(zAuditListQuery.safeParse({ from: '2026-02-01', to: '2026-02-01' }).success).toBe(true);
  });
});

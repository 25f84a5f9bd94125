import { describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { zAuditListQuery } from './schema';

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

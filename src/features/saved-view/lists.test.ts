import { describe, expect, it } from 'vitest';
import { normalizeViewSearch } from './lists';
import { zSaveViewInput } from './schema';

describe('normalizeViewSearch', () => {
  it("keeps what the users list's URL carries: known values that differ from the defaults", () => {
    expect(
      normalizeViewSearch('users', {
        searchTerm: '  ada ',
        role: 'admin',
        status: 'nobody',
        sort: 'created',
        order: 'asc',
        cursor: 'x',
      }),
    ).toEqual({ searchTerm: 'ada', role: 'admin', order: 'asc' });
  });

  it("reads repositories as the manager's list: search, order and organization", () => {
    expect(
      normalizeViewSearch('repositories', {
        searchTerm: 'api',
        sort: 'name',
        organizationId: 'org-1',
        role: 'admin',
      }),
    ).toEqual({ searchTerm: 'api', sort: 'name', organizationId: 'org-1' });
  });

  it("reads the audit log's view with its own validator: unknown groups, bad days, cursors and unknown params drop out", () => {
    expect(
      normalizeViewSearch('audit', {
        group: 'users',
        from: '2026-01-01',
        to: '2026-13-40',
        actor: 'user-1',
        cursor: 'c',
        action: 'user.ban',
      }),
    ).toEqual({ group: 'users', from: '2026-01-01', actor: 'user-1' });
    expect(normalizeViewSearch('audit', { group: 'nonsense' })).toEqual({});
    expect(normalizeViewSearch('audit', null)).toEqual({});
  });
});

describe('zSaveViewInput', () => {
  it('refuses an unknown list, a blank or long name, and a search that is no list view', () => {
    const ok = { list: 'users', name: 'Admins', search: { role: 'admin' } };
    expect(zSaveViewInput.safeParse(ok).success).toBe(true);
    expect(zSaveViewInput.safeParse({ ...ok, list: 'organizations' }).success).toBe(false);
    expect(zSaveViewInput.safeParse({ ...ok, name: ' \u200b ' }).error?.issues[0]?.message).toBe(
      'form.name.required',
    );
    expect(zSaveViewInput.safeParse({ ...ok, name: 'x'.repeat(61) }).error?.issues[0]?.message).toBe(
      'form.name.max',
    );
    expect(zSaveViewInput.safeParse({ ...ok, search: 'role=admin' }).success).toBe(false);
    expect(zSaveViewInput.safeParse({ ...ok, search: { role: { nested: true } } }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, 'v']));
    expect(zSaveViewInput.safeParse({ ...ok, search: many }).success).toBe(false);
  });
});

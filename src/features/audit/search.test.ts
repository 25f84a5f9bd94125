import { describe, expect, it } from 'vitest';
import { auditSearch, auditViewDefaults, filtersOfView } from './search';

describe('auditSearch', () => {
  it('keeps a valid view as it is', () => {
    const view = {
      actor: 'u1',
      group: 'sessions',
      targetType: 'user',
      targetId: 'u2',
      organization: 'o1',
      from: '2026-01-01',
      to: '2026-01-02',
    };
    expect(auditSearch.parse(view)).toEqual(view);
  });

  it('falls back to "any" for every bad value, so a shared link never breaks', () => {
    expect(
      auditSearch.parse({
        actor: 42,
        group: 'everything',
        targetType: 'planet',
        targetId: 'u2',
        organization: 'o'.repeat(65),
        from: '2026-02-30',
        to: 'yesterday',
      }),
    ).toEqual(auditViewDefaults);
    expect(auditSearch.parse({ actor: 'a\u0000b' }).actor).toBe('');
  });

  it('drops a target id without its type and an end before the start', () => {
    expect(auditSearch.parse({ targetId: 'u2' }).targetId).toBe('');
    expect(auditSearch.parse({ from: '2026-02-01', to: '2026-01-31' })).toMatchObject({
      from: '2026-02-01',
      to: '',
    });
  });

  it('asks the server only for the filters that are set', () => {
    expect(filtersOfView({ ...auditViewDefaults, group: 'users', from: '2026-01-01' })).toEqual({
      actorId: undefined,
      group: 'users',
      targetType: undefined,
      targetId: undefined,
      organizationId: undefined,
      from: '2026-01-01',
      to: undefined,
    });
  });
});

import { APIError } from 'better-auth/api';
import { describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import {
  type AdminPath,
  adminBodies,
  checkListUsersQuery,
  isAdminPath,
  MAX_BAN_SECONDS,
  parseAdminBody,
} from './bodies.server';

/** The code a refused body gets, or 'ok'. */
function outcome(path: AdminPath, body: unknown): string {
  try {
    parseAdminBody(path, body);
    return 'ok';
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    expect(error.statusCode).toBe(400);
    // The product's own words, never the validator's.
    expect(error.body?.message).toBe('Invalid request');
    return String(error.body?.code);
  }
}

describe('admin route bodies', () => {
  it('cover exactly the admin routes the product changes things through', () => {
    expect(Object.keys(adminBodies).sort()).toEqual([
      '/admin/ban-user',
      '/admin/create-user',
      '/admin/impersonate-user',
      '/admin/remove-user',
      '/admin/revoke-user-session',
      '/admin/revoke-user-sessions',
      '/admin/set-role',
      '/admin/stop-impersonating',
      '/admin/unban-user',
      '/admin/update-user',
    ]);
    expect(isAdminPath('/admin/ban-user')).toBe(true);
    for (const path of ['/admin/set-user-password', '/admin/list-users', 'constructor', '__proto__']) {
      expect(isAdminPath(path), path).toBe(false);
    }
  });

  it('take ids only as strings, and no key they do not declare', () => {
    for (const path of ['/admin/ban-user', '/admin/unban-user', '/admin/remove-user'] as const) {
      expect(outcome(path, { userId: 'u1' }), path).toBe('ok');
      for (const userId of [['u1'], 1, null, true, { id: 'u1' }, undefined]) {
        expect(outcome(path, { userId }), `${path} ${JSON.stringify(userId)}`).toBe('VALIDATION_ERROR');
      }
      expect(outcome(path, { userId: 'u1', extra: 1 })).toBe('VALIDATION_ERROR');
      expect(outcome(path, JSON.parse('{"userId":"u1","__proto__":{"x":1}}'))).toBe('VALIDATION_ERROR');
    }
    for (const body of [null, undefined, [], 'u1', 5]) {
      expect(outcome('/admin/impersonate-user', body), JSON.stringify(body)).toBe('VALIDATION_ERROR');
    }
  });

  it('name the field that a screen marks, and normalise what they accept', () => {
    const create = (body: Record<string, unknown>) =>
      outcome('/admin/create-user', { email: 'a@example.test', name: 'A', ...body });
    expect(create({ email: 'nope' })).toBe('INVALID_EMAIL');
    expect(create({ name: '\u200B' })).toBe('INVALID_NAME');
    expect(create({ role: 'constructor' })).toBe('INVALID_ROLE');
    expect(create({ data: { onboardedAt: '2000-01-01' } })).toBe('INVALID_FIELDS');
    expect(create({ password: 5 })).toBe('VALIDATION_ERROR');
    expect(
      parseAdminBody('/admin/create-user', {
        email: ' A@Example.TEST ',
        name: ' \u202EA ',
        role: 'user,admin',
      }),
    ).toEqual({
      path: '/admin/create-user',
      body: { email: 'a@example.test', name: 'A', role: ['user', 'admin'] },
    });

    expect(outcome('/admin/update-user', { userId: 'u', data: {} })).toBe('VALIDATION_ERROR');
    expect(outcome('/admin/update-user', { userId: 'u', data: { emailVerified: true } })).toBe(
      'INVALID_FIELDS',
    );
    expect(outcome('/admin/update-user', { userId: 'u', data: { role: 'admin,admin' } })).toBe(
      'INVALID_ROLE',
    );
  });

  it('bound a ban by its cleaned reason and a real future end', () => {
    const ban = (body: Record<string, unknown>) => outcome('/admin/ban-user', { userId: 'u', ...body });
    const max = appConfig.limits.banReasonMax;
    expect(ban({ banReason: ` ${'r'.repeat(max)}\u0000 ` })).toBe('ok');
    expect(ban({ banReason: 'r'.repeat(max + 1) })).toBe('BAN_REASON_TOO_LONG');
    expect(ban({ banReason: 5 })).toBe('VALIDATION_ERROR');
    for (const banExpiresIn of [0, -1, MAX_BAN_SECONDS + 1, '60', null, Number.POSITIVE_INFINITY]) {
      expect(ban({ banExpiresIn }), String(banExpiresIn)).toBe('INVALID_BAN_DURATION');
    }
    expect(ban({ banExpiresIn: 60 })).toBe('ok');
  });

  it('name a session by id or by token, not both, not neither', () => {
    const revoke = (body: unknown) => outcome('/admin/revoke-user-session', body);
    expect(revoke({ sessionId: 's' })).toBe('ok');
    expect(revoke({ sessionToken: 't' })).toBe('ok');
    expect(revoke({ sessionId: 's', sessionToken: 't' })).toBe('VALIDATION_ERROR');
    expect(revoke({})).toBe('VALIDATION_ERROR');
    expect(revoke({ sessionId: ['s'] })).toBe('VALIDATION_ERROR');
  });

  it('take nothing to stop impersonating', () => {
    expect(outcome('/admin/stop-impersonating', {})).toBe('ok');
    expect(outcome('/admin/stop-impersonating', undefined)).toBe('ok');
    expect(outcome('/admin/stop-impersonating', { userId: 'u' })).toBe('VALIDATION_ERROR');
  });
});

describe('the list-users query', () => {
  it('takes the documented parameters with safe values only', () => {
    expect(() =>
      checkListUsersQuery({ limit: '20', offset: '40', sortBy: 'email', searchValue: 'a' }),
    ).not.toThrow();
    expect(() => checkListUsersQuery(undefined)).not.toThrow();
    for (const query of [
      { limit: 'abc' },
      { limit: ['1', '2'] },
      { sortDirection: 'up' },
      { sortBy: 'banReason' },
      { filterField: 'id' },
      { unknown: '1' },
    ]) {
      expect(() => checkListUsersQuery(query), JSON.stringify(query)).toThrow(APIError);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { grants, isRoleValue, parseRoles, roleCan, roles, statements, userCan } from './permissions';

// Every permission of `statements`, checked against the declared table (`grants`, spec §6): the UI's
// mirror (`roleCan`) must grant exactly what the table lists, and refuse everything else.
const granted = (role: keyof typeof grants, resource: string, action: string) =>
  (grants[role] as Record<string, readonly string[]>)[resource]?.includes(action) ?? false;

const everyPermission = Object.entries(statements).flatMap(([resource, actions]) =>
  actions.map((action) => [resource, action] as const),
);

describe('permission table', () => {
  for (const role of ['user', 'admin'] as const) {
    for (const [resource, action] of everyPermission) {
      const expected = granted(role, resource, action);
      it(`${role} ${expected ? 'may' : 'may not'} ${resource}:${action}`, () => {
        expect(roleCan(role, { [resource]: [action] })).toBe(expected);
      });
    }
  }

  it('admins cannot impersonate other admins', () => {
    expect(roleCan('admin', { user: ['impersonate-admins'] })).toBe(false);
  });

  it('a comma-separated role value grants the union of its roles', () => {
    expect(roleCan('user,admin', { apps: ['manager'] })).toBe(true);
    // Like the server, names are not trimmed: " admin" is not a role.
    expect(roleCan('user, admin', { repository: ['delete'] })).toBe(false);
    expect(parseRoles('user,unknown,admin')).toEqual(['user', 'admin']);
  });

  it('a missing or empty role falls back to user; an unknown role grants nothing', () => {
    expect(roleCan(null, { apps: ['app'] })).toBe(true);
    // better-auth reads an empty role as the default role too (`role || defaultRole`).
    expect(roleCan('', { apps: ['app'] })).toBe(true);
    expect(roleCan('', { apps: ['manager'] })).toBe(false);
    expect(roleCan(null, { apps: ['manager'] })).toBe(false);
    expect(roleCan('superuser', { apps: ['app'] })).toBe(false);
  });

  it('a prototype key stored as a role is no role: it grants nothing and never throws', () => {
    for (const role of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(parseRoles(role), role).toEqual([]);
      expect(roleCan(role, { apps: ['app'] }), role).toBe(false);
      expect(userCan({ id: 'u', role }, { repository: ['read'] }, []), role).toBe(false);
      // better-auth looks stored names up in `roles` itself (`roles[name]?.authorize`).
      expect((roles as Record<string, unknown>)[role], role).toBeUndefined();
    }
    expect(parseRoles('constructor,admin')).toEqual(['admin']);
    expect(roleCan('__proto__,admin', { apps: ['manager'] })).toBe(true);
  });

  it('a role value an admin may store is declared names, each once, comma-separated', () => {
    for (const value of ['user', 'admin', 'user,admin', 'admin,user'])
      expect(isRoleValue(value), value).toBe(true);
    for (const value of [
      '',
      'constructor',
      '__proto__',
      'Admin',
      ' admin',
      'admin,',
      ',admin',
      'user,,admin',
      'admin,admin',
    ]) {
      expect(isRoleValue(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('the server check lets ADMIN_USER_IDS through everything and otherwise asks the role', () => {
    expect(userCan({ id: 'listed', role: 'user' }, { user: ['delete'] }, ['other', 'listed'])).toBe(true);
    expect(userCan({ id: 'listed', role: 'user' }, { user: ['delete'] }, ['other'])).toBe(false);
    expect(userCan({ id: 'a', role: 'admin' }, { user: ['delete'] }, [])).toBe(true);
    expect(userCan({ id: 'u', role: null }, { repository: ['read'] }, [])).toBe(true);
  });

  it('a request is granted only when every listed action is', () => {
    expect(roleCan('user', { repository: ['read', 'update'] })).toBe(false);
    expect(roleCan('admin', { repository: ['read', 'update'], apps: ['manager'] })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { zRoleValue, zUserForm, zUserIdInput, zUserListQuery } from './schema';

const valid = { name: 'Ada', email: 'ada@example.com', role: 'user' } as const;

/** The messages of a parse, by field (keys of the `auth` namespace); an empty object when it passes. */
function messages(input: Record<string, unknown>) {
  const result = zUserForm.safeParse({ ...valid, ...input });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('zUserForm', () => {
  it('refuses an overlong name or address with the messages the forms show', () => {
    expect(messages({ name: 'n'.repeat(appConfig.limits.userNameMax + 1) })).toEqual({
      name: 'validation.name.invalid',
    });
    expect(messages({ email: `${'a'.repeat(appConfig.limits.emailMax)}@example.com` })).toEqual({
      email: 'validation.email.invalid',
    });
  });

  it('stores the name cleaned, and refuses one made only of invisible characters', () => {
    expect(zUserForm.parse({ ...valid, name: '\u202EAda\u200B Lovelace ' }).name).toBe('Ada Lovelace');
    expect(messages({ name: '\u200B\u2066\u2069' })).toEqual({ name: 'validation.name.required' });
  });
});

describe('zUserListQuery', () => {
  it('keeps the shared limits and bounds its longer cursor', () => {
    expect(zUserListQuery.safeParse({ limit: appConfig.pagination.maxPageSize + 1 }).success).toBe(false);
    expect(
      zUserListQuery.safeParse({ searchTerm: 's'.repeat(appConfig.limits.searchTermMax + 1) }).success,
    ).toBe(false);
    expect(zUserListQuery.safeParse({ cursor: 'c'.repeat(1000) }).success).toBe(true);
    expect(zUserListQuery.safeParse({ cursor: 'c'.repeat(1001) }).success).toBe(false);
    expect(zUserListQuery.safeParse({ sort: 'password' }).success).toBe(false);
  });
});

describe('zUserIdInput', () => {
  it('accepts any short id, without the controls a text column lookup cannot take', () => {
    expect(zUserIdInput.parse({ id: 'not-an-id' }).id).toBe('not-an-id');
    expect(zUserIdInput.parse({ id: 'abc\u0000' }).id).toBe('abc');
    expect(zUserIdInput.safeParse({ id: 'i'.repeat(65) }).success).toBe(false);
  });
});

describe('zRoleValue', () => {
  it('takes declared role names only, as one string', () => {
    expect(zRoleValue.parse('user,admin')).toBe('user,admin');
    for (const value of [
      'constructor',
      'toString',
      '__proto__',
      'superuser',
      '',
      'user,user',
      ['admin'],
      1,
    ]) {
      expect(zRoleValue.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import {
  searchDefaults,
  accountSearch,
  listSearch,
  loginErrorSearch,
  loginSearch,
  verifySearch,
} from './search-params.ts';

describe('search param schemas', () => {
  it('give their defaults for an empty query', () => {
    expect(loginSearch.parse({})).toEqual(searchDefaults.login);
    expect(verifySearch.parse({})).toEqual({ ...searchDefaults.verify, email: '' });
    expect(loginErrorSearch.parse({})).toEqual(searchDefaults.loginError);
    expect(accountSearch.parse({})).toEqual(searchDefaults.account);
    expect(listSearch.parse({})).toEqual(searchDefaults.list);
  });

  it('keep good values', () => {
    expect(loginSearch.parse({ redirect: '/app/repositories' })).toEqual({
      redirect: '/app/repositories',
      email: '',
      error: '',
    });
    expect(
      loginSearch.parse({ redirect: '/invitations/x', email: 'a@b.co', error: 'EMAIL_NOT_SENT' }),
    ).toEqual({
      redirect: '/invitations/x',
      email: 'a@b.co',
      error: 'EMAIL_NOT_SENT',
    });
    expect(verifySearch.parse({ redirect: '/app', email: 'a@b.co', error: 'INVALID_OTP' })).toEqual({
      redirect: '/app',
      email: 'a@b.co',
      error: 'INVALID_OTP',
    });
    expect(accountSearch.parse({ state: 'change-name', newEmail: 'a@b.co' })).toEqual({
      state: 'change-name',
      newEmail: 'a@b.co',
    });
  });

  it.each([42, ['/a', '/b'], { x: 1 }, null, true])('fall back to defaults for the non-string %o', (bad) => {
    expect(loginSearch.parse({ redirect: bad, email: bad, error: bad })).toEqual(searchDefaults.login);
    expect(verifySearch.parse({ redirect: bad, email: bad, error: bad })).toEqual({
      redirect: '',
      email: '',
      error: '',
    });
    expect(loginErrorSearch.parse({ error: bad })).toEqual(searchDefaults.loginError);
    expect(accountSearch.parse({ state: bad, newEmail: bad })).toEqual(searchDefaults.account);
    expect(listSearch.parse({ searchTerm: bad })).toEqual(searchDefaults.list);
  });

  it.each(['invalid otp', '<b>x</b>', 'lower_case', `E${'X'.repeat(64)}`])(
    'keep only an error code a screen can look up, not %o',
    (bad) => {
      expect(loginSearch.parse({ error: bad }).error).toBe('');
      expect(verifySearch.parse({ error: bad }).error).toBe('');
    },
  );

  it('fall back to defaults for values that are too long', () => {
    expect(loginSearch.parse({ redirect: `/${'a'.repeat(2048)}` }).redirect).toBe('');
    expect(loginSearch.parse({ email: `${'a'.repeat(appConfig.limits.emailMax)}@b.co` }).email).toBe('');
    expect(loginErrorSearch.parse({ error: 'E'.repeat(101) }).error).toBe('');
    expect(accountSearch.parse({ newEmail: `${'a'.repeat(appConfig.limits.emailMax)}@b.co` }).newEmail).toBe(
      '',
    );
    expect(listSearch.parse({ searchTerm: 'x'.repeat(appConfig.limits.searchTermMax + 1) }).searchTerm).toBe(
      '',
    );
  });

  it('fall back to the default state for an unknown one', () => {
    expect(accountSearch.parse({ state: 'delete-everything' }).state).toBe('');
  });

  it('trim the search term before checking its length', () => {
    expect(listSearch.parse({ searchTerm: '  react  ' }).searchTerm).toBe('react');
    expect(listSearch.parse({ searchTerm: '   ' }).searchTerm).toBe('');
    const padded = `  ${'x'.repeat(appConfig.limits.searchTermMax)}  `;
    expect(listSearch.parse({ searchTerm: padded }).searchTerm).toBe(
      'x'.repeat(appConfig.limits.searchTermMax),
    );
  });
});

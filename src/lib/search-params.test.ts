import { describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import {
  isEmail,
  searchDefaults,
  zAccountSearch,
  zListSearch,
  zLoginErrorSearch,
  zLoginSearch,
  zVerifySearch,
} from './search-params.ts';

describe('search param schemas', () => {
  it('give their defaults for an empty query', () => {
    expect(zLoginSearch.parse({})).toEqual(searchDefaults.login);
    expect(zVerifySearch.parse({})).toEqual({ ...searchDefaults.verify, email: '' });
    expect(zLoginErrorSearch.parse({})).toEqual(searchDefaults.loginError);
    expect(zAccountSearch.parse({})).toEqual(searchDefaults.account);
    expect(zListSearch.parse({})).toEqual(searchDefaults.list);
  });

  it('keep good values', () => {
    expect(zLoginSearch.parse({ redirect: '/app/repositories' })).toEqual({ redirect: '/app/repositories' });
    expect(zVerifySearch.parse({ redirect: '/app', email: 'a@b.co' })).toEqual({
      redirect: '/app',
      email: 'a@b.co',
    });
    expect(zAccountSearch.parse({ state: 'change-name', newEmail: 'a@b.co' })).toEqual({
      state: 'change-name',
      newEmail: 'a@b.co',
    });
  });

  it.each([42, ['/a', '/b'], { x: 1 }, null, true])('fall back to defaults for the non-string %o', (bad) => {
    expect(zLoginSearch.parse({ redirect: bad })).toEqual(searchDefaults.login);
    expect(zVerifySearch.parse({ redirect: bad, email: bad })).toEqual({ redirect: '', email: '' });
    expect(zLoginErrorSearch.parse({ error: bad })).toEqual(searchDefaults.loginError);
    expect(zAccountSearch.parse({ state: bad, newEmail: bad })).toEqual(searchDefaults.account);
    expect(zListSearch.parse({ searchTerm: bad })).toEqual(searchDefaults.list);
  });

  it('fall back to defaults for values that are too long', () => {
    expect(zLoginSearch.parse({ redirect: `/${'a'.repeat(2048)}` }).redirect).toBe('');
    expect(zLoginErrorSearch.parse({ error: 'E'.repeat(101) }).error).toBe('');
    expect(zAccountSearch.parse({ newEmail: `${'a'.repeat(appConfig.limits.emailMax)}@b.co` }).newEmail).toBe(
      '',
    );
    expect(zListSearch.parse({ searchTerm: 'x'.repeat(appConfig.limits.searchTermMax + 1) }).searchTerm).toBe(
      '',
    );
  });

  it('fall back to the default state for an unknown one', () => {
    expect(zAccountSearch.parse({ state: 'delete-everything' }).state).toBe('');
  });

  it('trim the search term before checking its length', () => {
    expect(zListSearch.parse({ searchTerm: '  react  ' }).searchTerm).toBe('react');
    expect(zListSearch.parse({ searchTerm: '   ' }).searchTerm).toBe('');
    const padded = `  ${'x'.repeat(appConfig.limits.searchTermMax)}  `;
    expect(zListSearch.parse({ searchTerm: padded }).searchTerm).toBe(
      'x'.repeat(appConfig.limits.searchTermMax),
    );
  });
});

describe('isEmail', () => {
  it.each(['admin@admin.com', 'first.last+tag@example.co.uk'])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true);
  });

  it.each(['', 'admin', 'admin@', '@admin.com', 'a b@c.com', 'admin@admin'])('refuses %o', (value) => {
    expect(isEmail(value)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  directionOf,
  isLanguage,
  languagesFromAcceptHeader,
  resolveRequestLanguage,
  toLanguage,
} from './languages.ts';

describe('toLanguage', () => {
  it('maps tags with regions and any case to a supported language', () => {
    expect(toLanguage('fr-CA')).toBe('fr');
    expect(toLanguage('AR')).toBe('ar');
    expect(toLanguage(' sw_KE ')).toBe('sw');
  });

  it('returns undefined for unsupported or missing tags', () => {
    expect(toLanguage('de')).toBeUndefined();
    expect(toLanguage('')).toBeUndefined();
    expect(toLanguage(null)).toBeUndefined();
    expect(toLanguage(undefined)).toBeUndefined();
  });

  it('isLanguage accepts only exact supported codes', () => {
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('EN')).toBe(false);
    expect(isLanguage(1)).toBe(false);
  });
});

describe('languagesFromAcceptHeader', () => {
  it('puts the best supported language first, regions included', () => {
    const result = languagesFromAcceptHeader('fr-CA,fr;q=0.9,en;q=0.8');
    expect(result[0]).toBe('fr');
    expect(new Set(result)).toEqual(new Set(['fr', 'en']));
  });

  it('skips unsupported languages', () => {
    expect(languagesFromAcceptHeader('de,ar;q=0.5')).toEqual(['ar']);
  });

  it('orders by q-value, then by position', () => {
    expect(languagesFromAcceptHeader('fr;q=0.5, sw;q=0.7, ar')).toEqual(['ar', 'sw', 'fr']);
    expect(languagesFromAcceptHeader('sw;q=0.8,fr;q=0.8')).toEqual(['sw', 'fr']);
  });

  it('drops q=0 and unreadable q-values', () => {
    expect(languagesFromAcceptHeader('fr;q=0,en;q=abc')).toEqual([]);
  });

  it.each(['garbage', '', ';;;', ',,,', '*', 'q=1', null, undefined])('returns [] for %o', (header) => {
    expect(languagesFromAcceptHeader(header)).toEqual([]);
  });
});

describe('resolveRequestLanguage', () => {
  const all = { query: 'ar', cookie: 'fr', acceptLanguage: 'sw' };

  it('prefers the query, then the cookie, then the header, then English', () => {
    expect(resolveRequestLanguage(all)).toBe('ar');
    expect(resolveRequestLanguage({ ...all, query: null })).toBe('fr');
    expect(resolveRequestLanguage({ acceptLanguage: 'sw' })).toBe('sw');
    expect(resolveRequestLanguage({})).toBe('en');
  });

  it('ignores unsupported values at every level', () => {
    expect(resolveRequestLanguage({ ...all, query: 'de' })).toBe('fr');
    expect(resolveRequestLanguage({ query: 'de', cookie: 'xx', acceptLanguage: 'sw' })).toBe('sw');
    expect(resolveRequestLanguage({ query: 'de', cookie: 'xx', acceptLanguage: 'de,it;q=0.5' })).toBe('en');
    expect(resolveRequestLanguage({ query: '', cookie: '', acceptLanguage: '' })).toBe('en');
  });
});

describe('directionOf', () => {
  it('is rtl for Arabic only', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('fr')).toBe('ltr');
    expect(directionOf('sw')).toBe('ltr');
  });
});

describe('language normalisation', () => {
  it('lists each supported language once, best first', () => {
    expect(languagesFromAcceptHeader('fr-CA,fr;q=0.9,en;q=0.8')).toEqual(['fr', 'en']);
  });

  it('treats regional Arabic tags as right-to-left', () => {
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('fr-CA')).toBe('ltr');
  });
});

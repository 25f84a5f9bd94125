import { describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { zListQuery } from './list';

const refused = (input: Record<string, unknown>) =>
  zListQuery.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('zListQuery', () => {
  it('defaults to the first page of the configured size, unfiltered', () => {
    expect(zListQuery.parse({})).toEqual({ searchTerm: '', limit: appConfig.pagination.pageSize });
  });

  it('caps the page size, and refuses one that is not a positive whole number', () => {
    const max = appConfig.pagination.maxPageSize;
    expect(zListQuery.parse({ limit: max }).limit).toBe(max);
    for (const limit of [max + 1, 1e9, 0, -1, 2.5, Number.NaN, '20']) {
      expect(refused({ limit }), String(limit)).toEqual(['limit']);
    }
  });

  it('caps the search term, counted once trimmed', () => {
    const max = appConfig.limits.searchTermMax;
    expect(zListQuery.parse({ searchTerm: `  ${'s'.repeat(max)}  ` }).searchTerm).toBe('s'.repeat(max));
    expect(refused({ searchTerm: 's'.repeat(max + 1) })).toEqual(['searchTerm']);
    expect(refused({ searchTerm: 's'.repeat(1_000_000) })).toEqual(['searchTerm']);
  });

  it('cleans the search term like the names it is matched against', () => {
    expect(zListQuery.parse({ searchTerm: 'ad\u200Bmin\u202E' }).searchTerm).toBe('admin');
    // Postgres refuses a NUL in a parameter: it must never reach the query.
    expect(zListQuery.parse({ searchTerm: 'a\u0000b' }).searchTerm).toBe('ab');
  });

  it('bounds the cursor; its content is checked where it is decoded', () => {
    expect(zListQuery.parse({ cursor: 'abc' }).cursor).toBe('abc');
    expect(refused({ cursor: 'c'.repeat(201) })).toEqual(['cursor']);
    expect(refused({ cursor: 42 })).toEqual(['cursor']);
  });
});

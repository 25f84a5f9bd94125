import { describe, expect, it } from 'vitest';
import { repositoryListDefaults, repositoryListSearch } from './search';

describe('repositoryListSearch', () => {
  it('keeps a valid view and gives the defaults for a bare URL', () => {
    expect(repositoryListSearch.parse({})).toEqual(repositoryListDefaults);
    expect(repositoryListSearch.parse({ searchTerm: 'react', sort: 'name', order: 'asc' })).toEqual({
      searchTerm: 'react',
      sort: 'name',
      order: 'asc',
    });
  });

  it('falls back to newest first for an order it does not know, so a link never breaks', () => {
    expect(repositoryListSearch.parse({ sort: 'link', order: 'up' })).toEqual(repositoryListDefaults);
    expect(repositoryListSearch.parse({ sort: 42, order: ['asc'] })).toEqual(repositoryListDefaults);
    expect(repositoryListSearch.parse({ sort: 'name' })).toEqual({ ...repositoryListDefaults, sort: 'name' });
  });
});

// Concurrent starts only exist on a server (PGlite is one connection in one process), so this file runs
// in the integration-postgres project only.
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';
import { appliedMigrations, createTestDatabase, journalEntries } from '@/test/database';

describe('runMigrations from several instances at once', () => {
  it('lets three handles migrate the same fresh database concurrently', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    const url = fresh.url;
    if (!url) throw new Error('a Postgres test database has a URL');
    const others = await Promise.all([openDatabase({ url, poolMax: 2 }), openDatabase({ url, poolMax: 2 })]);
    try {
      const handles = [fresh.handle, ...others];
      const results = await Promise.allSettled(handles.map((h) => runMigrations(h)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(await appliedMigrations(fresh.handle.db)).toBe(journalEntries());
    } finally {
      await Promise.all(others.map((h) => h.close()));
      await fresh.cleanup();
    }
  });
});

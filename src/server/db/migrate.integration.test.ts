import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import * as schema from './schema/index.ts';
import {
  appliedMigrations,
  createTestDatabase,
  journalEntries,
  queryRows,
  type TestDatabase,
} from '@/test/database';

/** Every table the schema declares (a generated entity's too): what the migrations must create. */
const tables = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

/** Indexes the lists and searches rely on: unique names, trigram search, keyset pagination. */
const listIndexes = [
  'repository_organization_name_unique',
  'repository_organization_created_at_idx',
  'member_organization_user_unique',
  'repository_name_trgm_idx',
  'repository_created_at_idx',
  'user_name_trgm_idx',
  'user_email_trgm_idx',
  'user_created_at_idx',
  'user_email_unique',
  'audit_log_created_at_idx',
];

const publicIndexes = (db: Database) =>
  queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
  );

describe('runMigrations on an empty database', () => {
  let testDb: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    // Not the migrated snapshot: these tests run the migrations themselves, from nothing.
    testDb = await createTestDatabase({ migrate: false });
    db = testDb.handle.db;
    await runMigrations(testDb.handle);
  });
  afterAll(() => testDb?.cleanup());

  it('creates every table', async () => {
    const rows = await queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables).toEqual(expect.arrayContaining(['organization', 'repository', 'user', 'audit_log']));
    expect(rows.map((r) => r.table_name)).toEqual(tables);
  });

  it('enables pg_trgm and creates the indexes the lists need', async () => {
    const extensions = await queryRows<{ extname: string }>(db, sql`select extname from pg_extension`);
    expect(extensions.map((e) => e.extname)).toContain('pg_trgm');

    const indexes = await publicIndexes(db);
    expect(indexes.map((i) => i.indexname)).toEqual(expect.arrayContaining(listIndexes));
    for (const name of ['repository_name_trgm_idx', 'user_name_trgm_idx', 'user_email_trgm_idx']) {
      expect(indexes.find((i) => i.indexname === name)?.indexdef).toMatch(/USING gin .*gin_trgm_ops/);
    }
    expect(indexes.find((i) => i.indexname === 'repository_organization_name_unique')?.indexdef).toMatch(
      /^CREATE UNIQUE INDEX .*\(organization_id, name\)/,
    );
  });

  it('records every journal entry once', async () => {
    expect(await appliedMigrations(db)).toBe(journalEntries());
  });

  it('is a no-op when run again', async () => {
    const before = await publicIndexes(db);
    await runMigrations(testDb.handle);
    await runMigrations(testDb.handle);
    expect(await appliedMigrations(db)).toBe(journalEntries());
    expect(await publicIndexes(db)).toEqual(before);
  });
});

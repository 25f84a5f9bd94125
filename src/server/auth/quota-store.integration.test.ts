import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/testing.ts';
import { quotaStoreContract } from './quota-store-contract.ts';
import { postgresQuotaStore } from './quota-store.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.cleanup());

quotaStoreContract('database', () => postgresQuotaStore(testDb.handle.db));

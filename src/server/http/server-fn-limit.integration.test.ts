import { afterAll, beforeAll } from 'vitest';
import { postgresQuotaStore } from '@/server/auth/quota-store';
import { createTestDatabase, type TestDatabase } from '@/server/db/testing';
import { serverFnLimitContract } from './server-fn-limit-contract.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.cleanup());

serverFnLimitContract('the database', () => postgresQuotaStore(testDb.handle.db));

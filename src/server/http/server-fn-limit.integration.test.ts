import { afterAll, beforeAll } from 'vitest';
import { postgresQuotaStore } from '@/server/auth/quota-store';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { serverFnLimitContract } from '@/test/server-fn-limit-contract';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.cleanup());

serverFnLimitContract('the database', () => postgresQuotaStore(testDb.handle.db));

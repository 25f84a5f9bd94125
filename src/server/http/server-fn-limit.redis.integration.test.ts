// Runs only when TEST_REDIS_URL is set (CI starts Redis): the integration-redis project.
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { redisQuotaStore } from '@/server/auth/quota-store';
import { serverFnLimitContract } from '@/test/server-fn-limit-contract';

const url = process.env.TEST_REDIS_URL as string;
const prefix = `starter-test:${Date.now()}:`;
const connections: Redis[] = [];

afterAll(async () => {
  const [first] = connections;
  if (first) {
    const keys = await first.keys(`${prefix}*`);
    if (keys.length > 0) await first.del(...keys);
  }
  await Promise.all(connections.map((c) => c.quit()));
});

serverFnLimitContract('Redis', () => {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  connections.push(redis);
  return redisQuotaStore(redis, prefix);
});

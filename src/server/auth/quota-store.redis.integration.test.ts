// Runs only when TEST_REDIS_URL is set (CI starts Redis): the integration-redis project.
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisQuotaStore } from './quota-store.ts';
import { quotaStoreContract } from '@/test/quota-store-contract';

const url = process.env.TEST_REDIS_URL as string;
const prefix = `starter-test:${Date.now()}:`;
const connections: Redis[] = [];
const connect = () => {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  connections.push(redis);
  return redis;
};

afterAll(async () => {
  const [first] = connections;
  if (first) {
    const keys = await first.keys(`${prefix}*`);
    if (keys.length > 0) await first.del(...keys);
  }
  await Promise.all(connections.map((c) => c.quit()));
});

quotaStoreContract('Redis', () => redisQuotaStore(connect(), prefix));

describe('Redis quota store across instances', () => {
  it('shares one count between two connections (two app instances)', async () => {
    const a = redisQuotaStore(connect(), prefix);
    const b = redisQuotaStore(connect(), prefix);
    const key = `shared-${Date.now()}`;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await (i % 2 ? a : b).consume(key, { window: 3600, max: 5 }));
    expect(answers.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
  });
});

import { describe, expect, it } from 'vitest';
import type { RequestContext } from './request-context';
import { serverTiming, showsTimingDetail } from './server-timing';

const context = (fields: Partial<RequestContext> = {}): RequestContext => ({
  id: 'request-1',
  handlerType: 'router',
  startedAt: 100,
  dbMs: 1.26,
  dbQueries: 3,
  ...fields,
});

describe('serverTiming', () => {
  it('says only how long the answer took when the detail is off', () => {
    expect(serverTiming(context({ pageCache: 'hit' }), false, 112.34)).toBe('total;dur=12.3');
  });

  it('adds the database time, the query count and the page cache with the detail on', () => {
    expect(serverTiming(context(), true, 112.34)).toBe('db;dur=1.3;desc="3 queries", total;dur=12.3');
    expect(serverTiming(context({ pageCache: 'miss' }), true, 112.34)).toBe(
      'page-cache;desc="miss", db;dur=1.3;desc="3 queries", total;dur=12.3',
    );
  });
});

describe('showsTimingDetail', () => {
  it('is off in production and on elsewhere, unless the operator says otherwise', () => {
    expect(showsTimingDetail({ NODE_ENV: 'production' })).toBe(false);
    expect(showsTimingDetail({ NODE_ENV: 'development' })).toBe(true);
    expect(showsTimingDetail({ NODE_ENV: 'test' })).toBe(true);
    expect(showsTimingDetail({ NODE_ENV: 'production', SERVER_TIMING_DETAIL: 'true' })).toBe(true);
    expect(showsTimingDetail({ NODE_ENV: 'development', SERVER_TIMING_DETAIL: 'false' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { PoolTimeoutError } from './admission';
import { isDatabaseUnavailable } from './errors';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises an unreachable or restarting server, wrapped or not', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: withCode('CONNECTION_CLOSED') }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('recognises a wait that ran out: for a pooled connection, or for a lock', () => {
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: new PoolTimeoutError(3_000) }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: withCode('55P03') }))).toBe(true);
  });

  it('leaves a wrong query or a constraint violation alone', () => {
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: withCode('42P01') }))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

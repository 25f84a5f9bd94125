import { describe, expect, it } from 'vitest';
import { AppError, errorCodeOf, retryAfterOf, shouldRetryQuery, tooManyRequests } from './errors.ts';

describe('AppError', () => {
  it('carries code and field in its message', () => {
    const error = new AppError('CONFLICT', 'name');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AppError');
    expect(error.message).toBe('CONFLICT:name');
    expect(new AppError('FORBIDDEN').message).toBe('FORBIDDEN');
  });
});

describe('errorCodeOf', () => {
  it('reads code and field back from an AppError', () => {
    expect(errorCodeOf(new AppError('CONFLICT', 'name'))).toEqual({ code: 'CONFLICT', field: 'name' });
    expect(errorCodeOf(new AppError('FORBIDDEN'))).toEqual({ code: 'FORBIDDEN' });
  });

  it('reads them from a plain error that only kept the message (as after serialisation)', () => {
    const { message } = new AppError('VALIDATION_ERROR', 'link.host');
    expect(errorCodeOf(new Error(message))).toEqual({ code: 'VALIDATION_ERROR', field: 'link.host' });
    expect(errorCodeOf({ message })).toEqual({ code: 'VALIDATION_ERROR', field: 'link.host' });
  });

  it.each([
    'duplicate key value violates unique constraint "repository_name_unique"',
    'connect ECONNREFUSED 127.0.0.1:5432',
    'Failed query: select 1',
    'conflict:name',
    'CONFLICT: name',
    'CONFLICT:name:extra',
    '',
  ])('maps the raw message %o to UNKNOWN_ERROR', (message) => {
    expect(errorCodeOf(new Error(message))).toEqual({ code: 'UNKNOWN_ERROR' });
  });

  it.each([null, undefined, 'CONFLICT', 42, {}])('maps the non-error %o to UNKNOWN_ERROR', (value) => {
    expect(errorCodeOf(value)).toEqual({ code: 'UNKNOWN_ERROR' });
  });
});

describe('shouldRetryQuery', () => {
  it('retries network-like failures up to three times', () => {
    expect(shouldRetryQuery(0, new Error('fetch failed'))).toBe(true);
    expect(shouldRetryQuery(2, new AppError('SERVICE_UNAVAILABLE'))).toBe(true);
    expect(shouldRetryQuery(3, new Error('fetch failed'))).toBe(false);
  });

  it('never retries an answer that cannot change', () => {
    for (const code of [
      'NOT_FOUND',
      'FORBIDDEN',
      'UNAUTHORIZED',
      'BAD_REQUEST',
      'DEMO_MODE',
      'TOO_MANY_REQUESTS',
    ]) {
      expect(shouldRetryQuery(0, new AppError(code))).toBe(false);
    }
  });
});

describe('tooManyRequests', () => {
  it('is a 429 whose wait in whole seconds survives serialisation', () => {
    const error = tooManyRequests(29.2);
    expect(error.status).toBe(429);
    expect(error.message).toBe('TOO_MANY_REQUESTS:30');
    expect(retryAfterOf(new Error(error.message))).toBe(30);
    expect(retryAfterOf(tooManyRequests(0))).toBe(1);
  });

  it('reads no wait from other answers', () => {
    expect(retryAfterOf(new AppError('TOO_MANY_REQUESTS'))).toBeUndefined();
    expect(retryAfterOf(new AppError('CONFLICT', '30'))).toBeUndefined();
    expect(retryAfterOf(new AppError('TOO_MANY_REQUESTS', 'name'))).toBeUndefined();
  });
});

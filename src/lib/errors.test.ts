import { describe, expect, it } from 'vitest';
import { AppError, errorCodeOf } from './errors.ts';

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

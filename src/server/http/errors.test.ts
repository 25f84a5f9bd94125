import { notFound, redirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { toAppError } from './errors';

describe('toAppError', () => {
  it('turns a database outage into a 503 SERVICE_UNAVAILABLE', () => {
    const outage = new Error('Failed query', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    const answer = toAppError(outage, 'test');
    expect(answer).toBeInstanceOf(AppError);
    expect(answer).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
  });

  it('turns a schema refusal of the input into a 400 VALIDATION_ERROR', () => {
    const issues = [{ code: 'too_big', path: ['searchTerm'], message: 'Too big' }];
    expect(toAppError(new Error(JSON.stringify(issues, undefined, 2)), 'test')).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
    });
  });

  it('hides anything unexpected behind a bare 500 UNKNOWN_ERROR', () => {
    const answer = toAppError(new TypeError("Cannot read properties of undefined (reading 'id')"), 'test');
    expect(answer).toMatchObject({ code: 'UNKNOWN_ERROR', status: 500, message: 'UNKNOWN_ERROR' });
  });

  it('lets the app’s own answers, redirects and not-found through untouched', () => {
    const conflict = new AppError('CONFLICT', 'name');
    expect(toAppError(conflict, 'test')).toBe(conflict);
    expect(conflict.status).toBe(409);
    const moved = redirect({ to: '/login' });
    expect(toAppError(moved, 'test')).toBe(moved);
    const missing = notFound();
    expect(toAppError(missing, 'test')).toBe(missing);
  });
});

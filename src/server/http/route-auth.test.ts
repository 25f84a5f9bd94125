import { beforeEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({ current: null as null | { user: { id: string; role: string } } }));
vi.mock('@/server/auth/session', () => ({ requestSession: () => Promise.resolve(session.current) }));
vi.mock('@/server/env', () => ({ serverEnv: () => ({ ADMIN_USER_IDS: ['listed-admin'] }) }));

const { authorizeRoute, routeRefusal } = await import('./route-auth');

const asCaller = (id: string, role: string) => {
  session.current = { user: { id, role } };
};

describe('authorizeRoute', () => {
  beforeEach(() => {
    session.current = null;
  });

  it('refuses a request without a session with 401 UNAUTHORIZED', async () => {
    const answer = await authorizeRoute({ user: ['list'] });
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'UNAUTHORIZED' });
  });

  it('refuses a user whose role lacks the permission with 403 FORBIDDEN', async () => {
    asCaller('u1', 'user');
    const response = (await authorizeRoute({ user: ['list'] })) as Response;
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'FORBIDDEN', message: 'FORBIDDEN' });
  });

  it('lets an admin through with the session', async () => {
    asCaller('a1', 'admin');
    expect(await authorizeRoute({ user: ['list'] })).toEqual({ user: { id: 'a1', role: 'admin' } });
  });

  it('lets a user listed in ADMIN_USER_IDS through whatever their role', async () => {
    asCaller('listed-admin', 'user');
    expect(await authorizeRoute({ user: ['list'] })).toEqual({ user: { id: 'listed-admin', role: 'user' } });
  });
});

describe('routeRefusal', () => {
  it('answers a validation refusal as 400 with its field and no cache', async () => {
    const response = routeRefusal('VALIDATION_ERROR', 'sort');
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'sort',
      message: 'VALIDATION_ERROR:sort',
    });
  });
});

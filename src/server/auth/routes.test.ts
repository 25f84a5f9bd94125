import { describe, expect, it, vi } from 'vitest';
import { AUTH_ROUTES } from '@/server/policy/auth-routes';
import { findAuthRoute, guardAuthRoutes } from './routes';

const served = (path: string, method = 'POST') => findAuthRoute(path, method, '/api/auth') !== undefined;

describe('the auth routes the product serves', () => {
  it('knows the routes its screens call, with their own method only', () => {
    for (const [path, method] of [
      ['/api/auth/email-otp/send-verification-otp', 'POST'],
      ['/api/auth/sign-in/email-otp', 'POST'],
      ['/api/auth/sign-out', 'POST'],
      ['/api/auth/get-session', 'GET'],
      ['/api/auth/get-session/', 'GET'],
      ['/api/auth/callback/github', 'GET'],
      ['/api/auth/admin/list-users', 'GET'],
      ['/api/auth/admin/ban-user', 'POST'],
    ] as const) {
      expect(served(path, method), `${method} ${path}`).toBe(true);
    }
    expect(served('/api/auth/get-session', 'POST')).toBe(false);
    expect(served('/api/auth/sign-out', 'GET')).toBe(false);
  });

  it('knows nothing else: unused better-auth routes, odd spellings, other places', () => {
    for (const path of [
      '/api/auth/email-otp/request-password-reset',
      '/api/auth/forget-password/email-otp',
      '/api/auth/email-otp/reset-password',
      '/api/auth/email-otp/check-verification-otp',
      '/api/auth/email-otp/verify-email',
      '/api/auth/list-sessions',
      '/api/auth/admin/list-user-sessions',
      '/api/auth/delete-user/callback',
      '/api/auth/some-future-route',
      '/api/auth/callback',
      '/api/auth/callback/github/extra',
      '/api/auth/update%2Duser',
      '/api/auth/./update-user',
      '/api/auth',
      '/elsewhere/get-session',
    ]) {
      expect(served(path, 'POST') || served(path, 'GET'), path).toBe(false);
    }
  });

  it('lets a demo through only to reads, signing in and signing out', () => {
    const demoPaths = AUTH_ROUTES.filter((route) => route.demo === 'runs').map((route) => route.path);
    expect(demoPaths.sort()).toEqual(
      [
        '/get-session',
        '/sign-out',
        '/email-otp/send-verification-otp',
        '/sign-in/email-otp',
        '/sign-in/social',
        '/callback/:id',
        '/admin/list-users',
        // Switching organization changes the caller's own session, no shared data.
        '/organization/set-active',
      ].sort(),
    );
  });

  it('answers 404 or DEMO_MODE itself, without running better-auth', async () => {
    const handler = vi.fn(async () => new Response('ran'));
    const open = guardAuthRoutes(handler, { demo: false });
    const demo = guardAuthRoutes(handler, { demo: true });

    const unknown = await open(new Request('http://x/api/auth/list-sessions'));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    const refused = await demo(new Request('http://x/api/auth/update-user', { method: 'POST' }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'DEMO_MODE' });
    expect(handler).not.toHaveBeenCalled();

    expect(await (await open(new Request('http://x/api/auth/update-user', { method: 'POST' }))).text()).toBe(
      'ran',
    );
    expect(await (await demo(new Request('http://x/api/auth/get-session'))).text()).toBe('ran');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { isAuthRouteAllowedInDemo, withDemoGuard } from './demo-routes';

const allowed = (path: string) => isAuthRouteAllowedInDemo(path, '/api/auth');

describe('auth routes in demo mode', () => {
  it('lets sign-in with a code, sign-out and session lookup through', () => {
    for (const path of [
      '/api/auth/email-otp/send-verification-otp',
      '/api/auth/sign-in/email-otp',
      '/api/auth/sign-out',
      '/api/auth/get-session',
      '/api/auth/get-session/',
      '/api/auth/callback/github',
      '/api/auth/admin/list-users',
    ]) {
      expect(allowed(path), path).toBe(true);
    }
  });

  it('refuses writes, and routes it does not know', () => {
    for (const path of [
      '/api/auth/update-user',
      '/api/auth/delete-user',
      '/api/auth/delete-user/callback',
      '/api/auth/change-email',
      '/api/auth/revoke-sessions',
      '/api/auth/revoke-other-sessions',
      '/api/auth/admin/ban-user',
      '/api/auth/admin/set-role',
      '/api/auth/verify-email',
      '/api/auth/some-future-route',
      '/api/auth/callback',
      '/api/auth/callback/github/extra',
      '/api/auth/update%2Duser',
      '/api/auth',
      '/elsewhere/get-session',
    ]) {
      expect(allowed(path), path).toBe(false);
    }
  });

  it('answers a refusal itself, in better-auth’s error shape, without running the route', async () => {
    const handler = vi.fn(async () => new Response('ran'));
    const guarded = withDemoGuard(handler);
    const refused = await guarded(new Request('http://x/api/auth/update-user', { method: 'POST' }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'DEMO_MODE' });
    expect(handler).not.toHaveBeenCalled();
    const passed = await guarded(new Request('http://x/api/auth/get-session'));
    expect(await passed.text()).toBe('ran');
  });
});

import { describe, expect, it } from 'vitest';
import { declaredApiRoutes, declaredServerFunctions } from '../../../scripts/declared-routes.ts';
import { API_ROUTES } from './api-routes';
import { AUTH_ROUTES } from './auth-routes';
import { type Policy, unstatedRules } from './policy';
import { SERVER_FUNCTIONS } from './server-functions';

// The policy tables (ADR 032): every served auth route, every server function and every API route has one
// entry, and each entry states every rule. A route or function added without its rules fails here.

/** `name: missing rules` for each entry that leaves a rule unstated. */
function unstated(entries: [string, Partial<Record<keyof Policy, unknown>>][]): string[] {
  return entries.flatMap(([name, policy]) => {
    const missing = unstatedRules(policy);
    return missing.length ? [`${name}: ${missing.join(', ')}`] : [];
  });
}

describe('the policy tables', () => {
  it('state every rule of every served auth route', () => {
    expect(unstated(AUTH_ROUTES.map((route) => [route.path, route]))).toEqual([]);
    expect(new Set(AUTH_ROUTES.map((route) => route.path)).size).toBe(AUTH_ROUTES.length);
    for (const route of AUTH_ROUTES) expect(route.rateLimit, route.path).toMatch(/^auth/);
  });

  it('list every server function in src, and nothing else, each with every rule', () => {
    const { functions, unreadable } = declaredServerFunctions();
    expect(unreadable).toEqual([]);
    expect(Object.keys(SERVER_FUNCTIONS).sort()).toEqual([...functions.keys()].sort());
    expect(unstated(Object.entries(SERVER_FUNCTIONS))).toEqual([]);
    for (const [name, policy] of Object.entries(SERVER_FUNCTIONS)) {
      expect(['calls', 'calls+data-export'], name).toContain(policy.rateLimit);
      // The demo runs reads only: a POST may change data, and Start holds a function to its method.
      if (functions.get(name) === 'POST') expect(policy.demo, name).toBe('refused');
    }
  });

  it('list every server route under src/routes/api with its method, and nothing else, each with every rule', () => {
    expect(API_ROUTES.map((route) => `${route.path} ${route.method}`).sort()).toEqual(
      declaredApiRoutes().sort(),
    );
    expect(unstated(API_ROUTES.map((route) => [route.path, route]))).toEqual([]);
  });

  it('refuse an entry that leaves a rule out or gives it a value it does not have', () => {
    const complete: Policy = {
      access: 'signed-in',
      demo: 'refused',
      impersonation: 'refused',
      recentSignIn: true,
      rateLimit: 'calls',
    };
    expect(unstatedRules(complete)).toEqual([]);
    const { recentSignIn: _left, ...withoutStepUp } = complete;
    expect(unstatedRules(withoutStepUp)).toEqual(['recentSignIn']);
    expect(unstatedRules({ ...complete, impersonation: undefined, demo: 'yes' })).toEqual([
      'demo',
      'impersonation',
    ]);
    expect(unstatedRules({ ...complete, rateLimit: 'some' })).toEqual(['rateLimit']);
  });
});

describe('the rules the tables hold (security review, issue 29)', () => {
  const auth = (path: string) => AUTH_ROUTES.find((route) => route.path === path);
  const fn = (key: string) => SERVER_FUNCTIONS[`src/features/${key}`];

  it('refuse an impersonation everything that changes how the account signs in or who owns it', () => {
    for (const path of [
      '/passkey/generate-register-options',
      '/passkey/verify-registration',
      '/passkey/update-passkey',
      '/passkey/delete-passkey',
      '/unlink-account',
      '/email-otp/request-email-change',
      '/email-otp/change-email',
      '/delete-user',
      '/organization/delete',
    ]) {
      expect(auth(path)?.impersonation, path).toBe('refused');
    }
    expect(fn('account/functions.ts#$setSignInAlerts')?.impersonation).toBe('refused');
  });

  it('ask for a recent sign-in for every admin change of a role, an address, a ban or an account', () => {
    for (const path of [
      '/admin/create-user',
      '/admin/update-user',
      '/admin/set-role',
      '/admin/ban-user',
      '/admin/unban-user',
      '/admin/remove-user',
      '/admin/impersonate-user',
      '/organization/delete',
      '/delete-user',
      '/passkey/delete-passkey',
    ]) {
      expect(auth(path)?.recentSignIn, path).toBe(true);
    }
    expect(fn('organization/functions.ts#$deletePlatformOrganization')?.recentSignIn).toBe(true);
    expect(fn('passkey/functions.ts#$removeUserPasskey')?.recentSignIn).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { sessionRuleRefusal } from './policy';

const STALE = new Date(Date.now() - (appConfig.auth.recentSignInMinutes + 1) * 60_000);
const FRESH = new Date();

describe('a policy’s session rules', () => {
  const open = { impersonation: 'allowed', recentSignIn: false } as const;
  const guarded = { impersonation: 'refused', recentSignIn: true } as const;

  it('let any session through a rule that asks nothing of it', () => {
    expect(sessionRuleRefusal(open, { createdAt: STALE, impersonatedBy: 'admin' })).toBeNull();
  });

  it('refuse an impersonation where the rule says so, before the sign-in’s age', () => {
    expect(sessionRuleRefusal(guarded, { createdAt: STALE, impersonatedBy: 'admin' })).toBe(
      'NOT_WHILE_IMPERSONATING',
    );
    expect(
      sessionRuleRefusal({ ...open, impersonation: 'refused' }, { createdAt: FRESH, impersonatedBy: 'a' }),
    ).toBe('NOT_WHILE_IMPERSONATING');
  });

  it('refuse a sign-in older than the recent-sign-in window, and pass a fresh one', () => {
    expect(sessionRuleRefusal(guarded, { createdAt: STALE })).toBe('SESSION_NOT_FRESH');
    expect(sessionRuleRefusal(guarded, { createdAt: FRESH, impersonatedBy: null })).toBeNull();
    expect(sessionRuleRefusal(guarded, { createdAt: FRESH.toISOString() })).toBeNull();
  });

  it('leave a call without a session to the access rule (UNAUTHORIZED there)', () => {
    expect(sessionRuleRefusal(guarded, null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './security-headers';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('security headers', () => {
  it('lets only the app’s own scripts and this request’s inline scripts run', () => {
    const policy = directives(contentSecurityPolicy('abc123'));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc123'"]);
    expect(contentSecurityPolicy('abc123')).not.toMatch(/unsafe-eval/);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('sends the policy and HSTS in production only, and the other headers always', () => {
    const production = securityHeaders({ nonce: 'n1', production: true });
    expect(production['content-security-policy']).toContain("'nonce-n1'");
    expect(production['strict-transport-security']).toMatch(/^max-age=\d{8,}/);
    const development = securityHeaders({ nonce: 'n1', production: false });
    expect(development['content-security-policy']).toBeUndefined();
    expect(development['strict-transport-security']).toBeUndefined();
    for (const headers of [production, development]) {
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
    }
  });
});

import { describe, expect, it, vi } from 'vitest';

// The request a server function is answering: a client that wrote its own X-Forwarded-For, straight to
// the app (no trusted proxy), from 198.51.100.7.
const incoming = new Headers({
  'x-forwarded-for': '6.6.6.6',
  cookie: 'session=abc',
  'accept-language': 'fr',
});
vi.mock('@tanstack/react-start/server', () => ({
  getRequestHeaders: () => incoming,
  getRequestHeader: (name: string) => incoming.get(name) ?? undefined,
  getRequestIP: () => '198.51.100.7',
}));

const { authApiHeaders } = await import('./client-ip.ts');

describe('authApiHeaders (a server function calling better-auth)', () => {
  it('hands better-auth the trusted client address, never the one the client wrote, and the rest as sent', () => {
    const headers = authApiHeaders();
    expect(headers.get('x-forwarded-for')).toBe('198.51.100.7');
    expect(headers.get('cookie')).toBe('session=abc');
    expect(headers.get('accept-language')).toBe('fr');
    // The request's own headers are left as they were.
    expect(incoming.get('x-forwarded-for')).toBe('6.6.6.6');
  });
});

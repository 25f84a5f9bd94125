import { describe, expect, it } from 'vitest';
import { afterSignIn, areaHome, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it.each([
    '/app',
    '/manager/dashboard',
    '/manager/users?searchTerm=a',
    '/app#x',
    '/app/repositories/42?tab=details#top',
    // An encoded space in a search term decodes to a plain space: still a same-origin path.
    '/manager/users?searchTerm=john%20doe',
    '/manager/users?searchTerm=%C3%A9t%C3%A9',
    // Decided: a space after the leading slash is an odd but same-origin path ("/%20/evil").
    '/ /evil',
    '/app?next=%2Fmanager',
  ])('keeps the same-origin path %o', (value) => {
    expect(safeRedirect(value)).toBe(value);
    expect(new URL(value, 'https://app.example').origin).toBe('https://app.example');
  });

  it.each([
    // Other origins, written directly.
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\/\\/evil',
    '\\\\evil.example',
    'https://evil.example',
    'http:/evil',
    'HTTP://evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'evil.example',
    'app',
    ' //evil',
    ' /app',
    // Control characters that URL parsers drop or that split headers.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/app\u0000',
    '/app\u007f',
    '/app\u0085',
    // Encoded once.
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '/%2F%2Fevil',
    '/%5Cevil.example',
    '/%5C%5Cevil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%0D%0ALocation:%20https://evil.example',
    '/app%00',
    '%2Fapp',
    // Encoded twice and three times.
    '%252F%252Fevil',
    '/%252F%252Fevil',
    '/%255Cevil',
    '/%25252F%25252Fevil',
    // Still changing after three decodings.
    '/%2525252Fapp',
    // Not decodable.
    '/%E0%A4%A',
    '/100%',
    '',
  ])('refuses %o', (value) => {
    expect(safeRedirect(value)).toBeNull();
  });

  it.each([null, undefined, 42, true, {}, ['/app'], new URL('https://app.example/app')])(
    'refuses the non-string %o',
    (value) => {
      expect(safeRedirect(value)).toBeNull();
    },
  );
});

describe('areaHome', () => {
  it('sends admins to the manager dashboard and everyone else to the app', () => {
    expect(areaHome('admin')).toBe('/manager/dashboard');
    expect(areaHome('user,admin')).toBe('/manager/dashboard');
    expect(areaHome('user')).toBe('/app');
    expect(areaHome(null)).toBe('/app');
    expect(areaHome('unknown')).toBe('/app');
  });
});

describe('afterSignIn', () => {
  it('goes to a safe requested path', () => {
    expect(afterSignIn('/app/repositories?searchTerm=a', 'user')).toBe('/app/repositories?searchTerm=a');
    expect(afterSignIn('/manager/users', 'user')).toBe('/manager/users');
  });

  it.each(['', '//evil.example', 'https://evil.example', '/login', '/login?redirect=/app', '/login/verify'])(
    'falls back to the role home for %o',
    (requested) => {
      expect(afterSignIn(requested, 'admin')).toBe('/manager/dashboard');
      expect(afterSignIn(requested, 'user')).toBe('/app');
    },
  );

  it('keeps paths that only start like the login screen', () => {
    expect(afterSignIn('/loginhelp', 'user')).toBe('/loginhelp');
  });
});

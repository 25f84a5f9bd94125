import { describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { safeExternalUrl } from './links';
import { zRepositoryForm } from './schema';

const valid = { name: 'Starter', link: 'https://example.com', description: 'A web starter' };

/** The messages of a parse, by field; an empty object when it passes. */
function messages(input: Record<string, unknown>) {
  const result = zRepositoryForm.safeParse({ ...valid, ...input });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const parsed = (input: Record<string, unknown>) => zRepositoryForm.parse({ ...valid, ...input });

describe('zRepositoryForm: name', () => {
  it('is required, also when only spaces are typed', () => {
    expect(messages({ name: '' })).toEqual({ name: 'form.name.required' });
    expect(messages({ name: '   ' })).toEqual({ name: 'form.name.required' });
  });

  it('is trimmed and at most the configured length', () => {
    const max = appConfig.limits.repositoryNameMax;
    expect(parsed({ name: `  ${'n'.repeat(max)}  ` }).name).toBe('n'.repeat(max));
    expect(messages({ name: 'n'.repeat(max + 1) })).toEqual({ name: 'form.name.max' });
  });

  it('loses direction controls, invisible characters and controls, so the title shown is the one stored', () => {
    expect(parsed({ name: '\u202Estarter\u202C' }).name).toBe('starter');
    expect(parsed({ name: 'star\u200Bter\u2060\uFEFF' }).name).toBe('starter');
    expect(parsed({ name: 'star\u200Dter' }).name).toBe('starter');
    expect(parsed({ name: 'a\u0000b' }).name).toBe('ab');
    expect(parsed({ name: 'my\nrepo' }).name).toBe('my repo');
  });

  it('is required when only invisible characters are typed', () => {
    expect(messages({ name: '\u200B\u202E\u2066\uFEFF\u200D' })).toEqual({ name: 'form.name.required' });
  });

  it('counts its length once cleaned', () => {
    const max = appConfig.limits.repositoryNameMax;
    expect(parsed({ name: `${'n'.repeat(max)}\u200B\u200B` }).name).toBe('n'.repeat(max));
  });
});

describe('zRepositoryForm: link', () => {
  it('is required', () => {
    expect(messages({ link: '' })).toEqual({ link: 'form.link.required' });
    expect(messages({ link: '  ' })).toEqual({ link: 'form.link.required' });
  });

  it('has at least the configured number of characters, after trimming', () => {
    const min = appConfig.limits.repositoryLinkMin;
    // Host names with a dot, one character short of the minimum and exactly at it.
    const short = `a.${'b'.repeat(min - 3)}`;
    const enough = `a.${'b'.repeat(min - 2)}`;
    expect(messages({ link: short })).toEqual({ link: 'form.link.min' });
    expect(messages({ link: `  ${short}  ` })).toEqual({ link: 'form.link.min' });
    expect(parsed({ link: enough }).link).toBe(`https://${enough}`);
  });

  it('contains a dot', () => {
    expect(messages({ link: 'localhost' })).toEqual({ link: 'form.link.missingDot' });
    expect(messages({ link: 'https://intranet' })).toEqual({ link: 'form.link.missingDot' });
  });

  it('is at most the configured number of characters', () => {
    const max = appConfig.limits.repositoryLinkMax;
    const base = 'https://example.com/';
    expect(parsed({ link: base + 'x'.repeat(max - base.length) }).link).toHaveLength(max);
    expect(messages({ link: base + 'x'.repeat(max + 1 - base.length) })).toEqual({ link: 'form.link.max' });
  });

  it('gets https:// in front of a bare host, and keeps an http(s) link as typed', () => {
    expect(parsed({ link: 'example.com' }).link).toBe('https://example.com');
    expect(parsed({ link: ' example.com/x?y=1 ' }).link).toBe('https://example.com/x?y=1');
    expect(parsed({ link: 'example.com:8080/x' }).link).toBe('https://example.com:8080/x');
    expect(parsed({ link: 'http://example.com' }).link).toBe('http://example.com');
    expect(parsed({ link: 'HTTPS://Example.com/Path' }).link).toBe('HTTPS://Example.com/Path');
  });

  it('refuses every scheme other than http and https', () => {
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,x',
      'ftp://a.b',
      'file:///etc/passwd.txt',
      'mailto:someone@example.com',
      'vbscript:msgbox.x',
    ]) {
      expect(messages({ link }), link).toEqual({ link: 'form.link.scheme' });
    }
  });

  it('loses invisible characters and controls, which could disguise the address it shows', () => {
    expect(parsed({ link: '\u200Bhttps://example.com/a\u200B' }).link).toBe('https://example.com/a');
    expect(parsed({ link: 'https://evil.example/\u202Emoc.elpmaxe' }).link).toBe(
      'https://evil.example/moc.elpmaxe',
    );
    expect(parsed({ link: 'https://example.com/\u0000x' }).link).toBe('https://example.com/x');
    // Hiding the scheme behind a control does not get a `javascript:` link past the scheme check.
    expect(messages({ link: 'java\tscript:alert(1)' })).toEqual({ link: 'form.link.scheme' });
    expect(messages({ link: 'java\u200Bscript:alert(1)' })).toEqual({ link: 'form.link.scheme' });
  });

  it('refuses what no browser could open as a web address', () => {
    expect(messages({ link: 'https://exa mple.com' })).toEqual({ link: 'form.link.invalid' });
    expect(messages({ link: 'https://.' })).toEqual({ link: 'form.link.invalid' });
    expect(messages({ link: 'http://..' })).toEqual({ link: 'form.link.invalid' });
  });

  it('turns a protocol-relative link into https, so "//host" is never stored as "https:////host"', () => {
    expect(parsed({ link: '//evil.example' }).link).toBe('https://evil.example');
    expect(parsed({ link: ' //example.com/a?b=1 ' }).link).toBe('https://example.com/a?b=1');
  });

  it('refuses slashes and backslashes that would make the link opened differ from the link shown', () => {
    for (const link of [
      '///x.y',
      '////evil.example',
      '/x.yz',
      '\\\\x.y',
      '\\x.yz',
      'https:///x.y',
      'https:////evil.example',
      'https://\\x.y',
      'https://evil.example\\@good.com',
      'x.yz\\path',
    ]) {
      expect(messages({ link }), JSON.stringify(link)).toEqual({ link: 'form.link.invalid' });
    }
    // A scheme written with one slash or none is not a web scheme as typed.
    for (const link of ['https:/x.y', 'https:x.yz', 'http:\\\\x.y']) {
      expect(messages({ link }), JSON.stringify(link)).toEqual({ link: 'form.link.scheme' });
    }
  });

  it('refuses user names and passwords, which disguise the host ("google.com@evil.example")', () => {
    for (const link of [
      'https://google.com@evil.example',
      'google.com@evil.example',
      '//google.com@evil.example',
      'https://user:pass@example.com/x',
      'https://:@example.com',
      'https://x.y%40evil.example',
    ]) {
      expect(messages({ link }), JSON.stringify(link)).toEqual({ link: 'form.link.invalid' });
    }
  });

  it('needs a dot inside the host itself, between two names', () => {
    for (const link of ['https://x.', 'https://.x', 'https://intranet/page.html', 'intranet/a.b']) {
      expect(messages({ link }), JSON.stringify(link)).toEqual({ link: 'form.link.missingDot' });
    }
    expect(messages({ link: 'https://example..com' })).toEqual({ link: 'form.link.missingDot' });
  });

  it('refuses spaces inside the host, and keeps them in a path, where browsers encode them', () => {
    expect(messages({ link: 'https://exa mple.com' })).toEqual({ link: 'form.link.invalid' });
    expect(messages({ link: '// example.com' })).toEqual({ link: 'form.link.invalid' });
    expect(parsed({ link: 'https://example.com/a b' }).link).toBe('https://example.com/a b');
  });

  it('stores only links that parse as absolute http(s) URLs whose host has a dot', () => {
    const hostile = [
      '//x.y',
      '///x.y',
      '\\\\x.y',
      'https:/x.y',
      'http://.',
      ' https://x.y ',
      'https://a@x.y',
      'http://0x7f.1',
      'x.y:443',
      '//x.y:8080/a',
      'HTTPS://X.Y',
      'https://x.y#@evil.example',
      'https://[::1]/a.b',
      'https://x.y:99999',
    ];
    const accepted: string[] = [];
    for (const link of hostile) {
      const result = zRepositoryForm.safeParse({ ...valid, link });
      if (!result.success) continue;
      const stored = result.data.link;
      accepted.push(stored);
      const url = new URL(stored);
      expect(['http:', 'https:'], stored).toContain(url.protocol);
      expect(url.hostname, stored).toMatch(/^[^.]+(\.[^.]+)+\.?$/);
      expect(url.username + url.password, stored).toBe('');
      expect(stored, stored).toMatch(/^https?:\/\/[^/\\]/i);
    }
    expect(accepted).toEqual([
      'https://x.y',
      'https://x.y',
      'http://0x7f.1',
      'https://x.y:443',
      'https://x.y:8080/a',
      'HTTPS://X.Y',
      'https://x.y#@evil.example',
    ]);
  });

  it('keeps the result stable when the server parses what the form already parsed', () => {
    const once = parsed({ link: 'example.com' });
    expect(parsed(once)).toEqual(once);
  });
});

describe('zRepositoryForm: description', () => {
  it('is optional: blank or absent becomes null', () => {
    expect(parsed({ description: '' }).description).toBeNull();
    expect(parsed({ description: '   ' }).description).toBeNull();
    expect(parsed({ description: undefined }).description).toBeNull();
    expect(parsed({ description: null }).description).toBeNull();
  });

  it('is trimmed and at most 2000 characters', () => {
    expect(parsed({ description: '  hello  ' }).description).toBe('hello');
    expect(parsed({ description: 'd'.repeat(2000) }).description).toHaveLength(2000);
    expect(messages({ description: 'd'.repeat(2001) })).toEqual({ description: 'form.description.max' });
  });

  it('keeps its lines and direction marks, and loses the controls Postgres would refuse', () => {
    expect(parsed({ description: 'line one\r\nline two\u0000' }).description).toBe('line one\nline two');
    expect(parsed({ description: 'English \u200Fעברית' }).description).toBe('English \u200Fעברית');
    expect(parsed({ description: '\u0000\u0001' }).description).toBeNull();
  });
});

it('reports every invalid field at once', () => {
  expect(messages({ name: '', link: 'ftp://a.b', description: 'd'.repeat(2001) })).toEqual({
    name: 'form.name.required',
    link: 'form.link.scheme',
    description: 'form.description.max',
  });
});

describe('safeExternalUrl (what the detail page turns into a link)', () => {
  it('gives a URL for http and https only, so a stored link of any other kind stays plain text', () => {
    expect(safeExternalUrl('https://example.com/a')?.href).toBe('https://example.com/a');
    expect(safeExternalUrl('http://example.com')?.href).toBe('http://example.com/');
    for (const link of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'file:///etc/passwd',
      'example.com',
      '',
      // Rows stored before links were checked this strictly: shown as text, never opened.
      'https:////evil.example',
      'https://google.com@evil.example',
      'https://\\evil.example',
      'https://intranet/a.b',
    ]) {
      expect(safeExternalUrl(link), JSON.stringify(link)).toBeNull();
    }
  });
});

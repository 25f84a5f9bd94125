// Apart from ./schema.ts (zod) on purpose: the list and detail pages need only this, and zod would weigh on
// their first download (docs/performance.md#zod-free-validators).

/** Why a link with a scheme is not a web link we store or open; null when it is one. */
export type WebLinkProblem = 'invalid' | 'missingDot';

// Exactly two forward slashes after the scheme, then the host. Browsers read `https:///x`, `https:\\x`
// and `https://\x` as `https://x`, so the link they open would differ from the link shown.
const AUTHORITY_START = /^https?:\/\/[^/\\]/i;
// At least two non-empty names around the dots ("example.com", "a.b.c", "example.com." with the root dot).
const DOTTED_HOST = /^[^.]+(?:\.[^.]+)+\.?$/;

/**
 * Checks a link that already carries its scheme: an absolute http(s) URL written with exactly `//` before
 * the host, no backslash anywhere, no user name or password (`https://google.com@evil.example` opens
 * evil.example), and a host made of at least two names around a dot.
 */
export function webLinkProblem(link: string): WebLinkProblem | null {
  if (!AUTHORITY_START.test(link) || link.includes('\\')) return 'invalid';
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'invalid';
  // `https://:@x.y` has an empty user name and password, so the typed authority is checked too.
  const authority = link.slice(link.indexOf('//') + 2).split(/[/?#]/, 1)[0] ?? '';
  if (url.username || url.password || authority.includes('@')) return 'invalid';
  // A host of dots only ("https://.") parses but names nothing: not a missing dot, no host at all.
  if (!/[^.]/.test(url.hostname)) return 'invalid';
  return DOTTED_HOST.test(url.hostname) ? null : 'missingDot';
}

/**
 * The link as a URL only when it is a web link as `webLinkProblem` defines it: anything else
 * (`javascript:`, `data:`, a bare word, a row stored before the rule) must never become a clickable link.
 */
export function safeExternalUrl(link: string): URL | null {
  return webLinkProblem(link) === null ? new URL(link) : null;
}

// Apart from ./schema.ts (zod) on purpose: the list and detail pages need only this, and zod would be
// about 24 kB gzip of their first download.

/**
 * The link as a URL only when it is http(s): anything else (`javascript:`, `data:`, a bare word) must
 * never become a clickable link.
 */
export function safeExternalUrl(link: string): URL | null {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

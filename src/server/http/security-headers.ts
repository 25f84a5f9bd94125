import '@tanstack/react-start/server-only';

/**
 * The Content-Security-Policy of every answer. Scripts: the app's own files and inline scripts carrying
 * this request's nonce (TanStack's hydration data, the theme script) — no `unsafe-inline`, no
 * `unsafe-eval`. Styles allow inline: Radix, vaul and sonner position things with `style` attributes and
 * sonner injects its stylesheet at run time; styles cannot run code. Images may come from a social
 * provider's avatar host, hence `https:`.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Headers added to every page and API answer. The policy is sent only by the production server: the
 * development server's hot reload injects inline scripts of its own. HSTS only in production, where the
 * app is served over HTTPS (it would pin a developer's localhost to HTTPS).
 */
export function securityHeaders(options: { nonce: string; production: boolean }): Record<string, string> {
  return {
    ...(options.production
      ? {
          'content-security-policy': contentSecurityPolicy(options.nonce),
          'strict-transport-security': 'max-age=31536000; includeSubDomains',
        }
      : {}),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'cross-origin-opener-policy': 'same-origin',
  };
}

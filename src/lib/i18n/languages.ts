import { type AppLanguage, appConfig } from '~/app.config';

const languages = appConfig.languages;

export function isLanguage(value: unknown): value is AppLanguage {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Maps a BCP 47 tag ("fr-CA", "AR") to a supported language, or undefined. */
export function toLanguage(tag: string | null | undefined): AppLanguage | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

/** Supported languages from an Accept-Language header, best first (q-values honoured). */
export function languagesFromAcceptHeader(header: string | null | undefined): AppLanguage[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lng: toLanguage(tag), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((c): c is { lng: AppLanguage; quality: number; index: number } => !!c.lng && c.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((c) => c.lng)
    .filter((lng, i, all) => all.indexOf(lng) === i);
}

/**
 * The language a server render uses: `?lng`, then the language cookie, then Accept-Language, then the
 * default. The browser may refine it after hydration (local/session storage), per the detection order.
 */
export function resolveRequestLanguage(input: {
  query?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): AppLanguage {
  return (
    toLanguage(input.query) ??
    toLanguage(input.cookie) ??
    languagesFromAcceptHeader(input.acceptLanguage)[0] ??
    appConfig.defaultLanguage
  );
}

export function directionOf(lng: string): 'rtl' | 'ltr' {
  return (appConfig.rtlLanguages as readonly string[]).includes(toLanguage(lng) ?? lng) ? 'rtl' : 'ltr';
}

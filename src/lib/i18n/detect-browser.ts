import type { LanguageDetectorModule } from 'i18next';
import { type AppLanguage, appConfig } from '~/app.config';
import { readBrowserCookie } from '../browser-cookie';
import { toLanguage } from './languages';

const { i18n: cfg } = appConfig;
/** Where a chosen language is kept: local storage, and a cookie the server reads for the first paint. */
const STORAGE_KEY = 'i18nextLng';
const QUERY_PARAMETER = 'lng';

/**
 * The candidates each source offers, in the product's order: the `lng` query parameter, the language
 * cookie, local and session storage, the browser's languages, the page's `lang`. i18next-browser-
 * languagedetector does the same with every source any site might want; this is the part the product
 * uses, 1.7 kB gzip less in every first download (docs/decisions/028).
 */
function candidates(): string[] {
  const found: (string | null | undefined)[] = [
    new URLSearchParams(window.location.search).get(QUERY_PARAMETER),
    readBrowserCookie(cfg.cookieName),
    readStorage(() => window.localStorage.getItem(STORAGE_KEY)),
    readStorage(() => window.sessionStorage.getItem(STORAGE_KEY)),
    ...(navigator.languages ?? [navigator.language]),
    document.documentElement.lang,
  ];
  return found.filter((value): value is string => Boolean(value));
}

/** Storage throws where the browser forbids it (a sandboxed frame, some private modes). */
function readStorage(read: () => string | null): string | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/**
 * The first supported language found in the detection order. Runs before i18next caches the server's
 * choice, so a language kept only in storage is not lost.
 */
export function detectBrowserLanguage(): AppLanguage | undefined {
  for (const candidate of candidates()) {
    const lng = toLanguage(candidate);
    if (lng) return lng;
  }
  return undefined;
}

/** i18next's language detector: detects as above and keeps a chosen language in storage and the cookie. */
export const browserLanguageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => detectBrowserLanguage(),
  cacheUserLanguage(lng: string) {
    readStorage(() => {
      window.localStorage.setItem(STORAGE_KEY, lng);
      return null;
    });
    document.cookie = `${cfg.cookieName}=${encodeURIComponent(lng)}; Max-Age=${cfg.cookieMinutes * 60}; Path=/; SameSite=Lax`;
  },
};

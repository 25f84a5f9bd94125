import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import { type AppLanguage, appConfig } from '~/app.config';
import { toLanguage } from './languages';

const { i18n: cfg } = appConfig;

/**
 * i18next-browser-languagedetector in the product's order: the `lng` query parameter, the language cookie
 * (the one the server reads for the first paint), local and session storage, the browser's languages, the
 * page's `lang`. A chosen language is kept in local storage and in that cookie.
 */
export const detectionOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: cfg.cookieName,
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['localStorage', 'cookie'],
  cookieMinutes: cfg.cookieMinutes,
  cookieOptions: { path: '/', sameSite: 'lax' },
} satisfies DetectorOptions;

/**
 * With i18next's language helpers the detector's `detect` answers every candidate a source offers (all of
 * the browser's languages), without them only the first; reading needs nothing else of them.
 */
const services = { languageUtils: { getBestMatchFromCodes: () => undefined } };

/**
 * The first supported language found in the detection order, read with the package's own lookups and
 * nothing cached. Runs before i18next caches the server's choice, so a language kept only in storage is not
 * lost. A malformed cookie is no language code, so the detector drops it.
 */
export function detectBrowserLanguage(): AppLanguage | undefined {
  const detector = new LanguageDetector(services, { ...detectionOptions, caches: [] });
  for (const source of detectionOptions.order) {
    let found: string | string[] | undefined;
    try {
      found = detector.detect([source]);
    } catch {
      // Storage throws where the browser forbids it (a sandboxed frame, some private modes).
      continue;
    }
    for (const candidate of [found ?? []].flat()) {
      const lng = toLanguage(candidate);
      if (lng) return lng;
    }
  }
  return undefined;
}

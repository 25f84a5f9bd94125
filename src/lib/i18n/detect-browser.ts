import LanguageDetector from 'i18next-browser-languagedetector';
import type { AppLanguage } from '~/app.config';
import { detectionOptions } from './detection';
import { toLanguage } from './languages';

/**
 * The first supported language found in the detection order (query, cookie, storage, navigator, html).
 * Runs before i18next caches the server's choice, so a language kept only in storage is not lost.
 */
export function detectBrowserLanguage(): AppLanguage | undefined {
  const detector = new LanguageDetector(undefined, { ...detectionOptions, caches: [] });
  for (const source of detectionOptions.order) {
    const found = detector.detect([source]);
    const candidates = Array.isArray(found) ? found : [found];
    for (const candidate of candidates) {
      const lng = toLanguage(candidate);
      if (lng) return lng;
    }
  }
  return undefined;
}

// The browser's language detection (jsdom), i18next-browser-languagedetector as configured: the sources in
// the product's order, and where a choice is kept.
import { createInstance } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '~/app.config';
import { detectBrowserLanguage, detectionOptions } from './detect-browser';

const cookieName = appConfig.i18n.cookieName;

function clearCookies() {
  for (const pair of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${pair.split('=')[0]}=; Max-Age=0; Path=/`;
  }
}

/** The browser's languages, best first (`navigator.language` is the first of them, as in browsers). */
function browserLanguages(tags: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(tags);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(tags[0] ?? '');
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  window.sessionStorage.clear();
  clearCookies();
  document.documentElement.lang = '';
  vi.restoreAllMocks();
});

describe('detectBrowserLanguage', () => {
  it('prefers the lng query parameter, then the cookie, then storage', () => {
    window.localStorage.setItem('i18nextLng', 'sw');
    document.cookie = `${cookieName}=ar; Path=/`;
    window.history.replaceState(null, '', '/login?lng=fr');
    expect(detectBrowserLanguage()).toBe('fr');

    window.history.replaceState(null, '', '/login');
    expect(detectBrowserLanguage()).toBe('ar');

    clearCookies();
    expect(detectBrowserLanguage()).toBe('sw');
  });

  it('skips unsupported values and falls back to the browser languages, then the page', () => {
    window.history.replaceState(null, '', '/login?lng=de');
    window.sessionStorage.setItem('i18nextLng', 'xx');
    browserLanguages(['de-DE', 'fr-CA']);
    expect(detectBrowserLanguage()).toBe('fr');

    browserLanguages(['de-DE']);
    document.documentElement.lang = 'sw';
    expect(detectBrowserLanguage()).toBe('sw');
  });

  it('returns nothing when no source names a supported language', () => {
    browserLanguages(['de-DE', 'ja']);
    expect(detectBrowserLanguage()).toBeUndefined();
  });

  it('skips a malformed cookie', () => {
    document.cookie = `${cookieName}=%E0; Path=/`;
    browserLanguages(['sw']);
    expect(detectBrowserLanguage()).toBe('sw');
  });

  it('does not fail where storage is forbidden', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    browserLanguages(['ar']);
    expect(detectBrowserLanguage()).toBe('ar');
  });
});

describe('the detector i18next uses', () => {
  /** An i18next instance set up as the browser's: the server's language, the detector with these options. */
  async function browserInstance(lng: string) {
    const instance = createInstance();
    await instance
      .use(LanguageDetector)
      .init({ lng, supportedLngs: [...appConfig.languages], resources: {}, detection: detectionOptions });
    return instance;
  }

  it("keeps the server's language at start, whatever the browser prefers (no hydration mismatch)", async () => {
    window.localStorage.setItem('i18nextLng', 'ar');
    browserLanguages(['fr']);
    const preferred = detectBrowserLanguage();
    const instance = await browserInstance('en');
    expect(instance.language).toBe('en');
    // Read before the instance cached the server's choice: the root switches to it after hydration.
    expect(preferred).toBe('ar');
  });

  it('keeps a chosen language in local storage and in the cookie the server reads', async () => {
    const instance = await browserInstance('en');
    await instance.changeLanguage('ar');
    expect(window.localStorage.getItem('i18nextLng')).toBe('ar');
    expect(document.cookie.split('; ')).toContain(`${cookieName}=ar`);
    expect(detectBrowserLanguage()).toBe('ar');
  });
});

// The browser's language detection (jsdom): the sources in the product's order, and where a choice is kept.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '~/app.config';
import { browserLanguageDetector, detectBrowserLanguage } from './detect-browser';

const cookieName = appConfig.i18n.cookieName;

function clearCookies() {
  for (const pair of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${pair.split('=')[0]}=; Max-Age=0; Path=/`;
  }
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
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'fr-CA']);
    expect(detectBrowserLanguage()).toBe('fr');

    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    document.documentElement.lang = 'sw';
    expect(detectBrowserLanguage()).toBe('sw');
  });

  it('returns nothing when no source names a supported language', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'ja']);
    expect(detectBrowserLanguage()).toBeUndefined();
  });

  it('skips a malformed cookie', () => {
    document.cookie = `${cookieName}=%E0; Path=/`;
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['sw']);
    expect(detectBrowserLanguage()).toBe('sw');
  });

  it('does not fail where storage is forbidden', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar']);
    expect(detectBrowserLanguage()).toBe('ar');
  });
});

describe('browserLanguageDetector.cacheUserLanguage', () => {
  it('keeps the choice in local storage and in the cookie the server reads', () => {
    browserLanguageDetector.cacheUserLanguage?.('ar');
    expect(window.localStorage.getItem('i18nextLng')).toBe('ar');
    expect(document.cookie.split('; ')).toContain(`${cookieName}=ar`);
    expect(browserLanguageDetector.detect()).toBe('ar');
  });
});

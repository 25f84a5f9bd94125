import { createInstance } from 'i18next';
import type { HttpBackendOptions } from 'i18next-http-backend';
import { describe, expect, it } from 'vitest';
import { lazyHttpBackend } from './lazy-http-backend';

describe('lazyHttpBackend', () => {
  it('loads a missing language through i18next-http-backend', async () => {
    const requested: string[] = [];
    const request: HttpBackendOptions['request'] = (_options, url, _payload, callback) => {
      requested.push(url);
      callback(null, { status: 200, data: JSON.stringify({ hello: 'Bonjour' }) });
    };
    const i18n = createInstance();
    await i18n.use(lazyHttpBackend()).init({
      lng: 'en',
      fallbackLng: 'en',
      ns: ['common'],
      defaultNS: 'common',
      resources: { en: { common: { hello: 'Hello' } } },
      partialBundledLanguages: true,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json', request },
    });
    expect(i18n.t('hello')).toBe('Hello');
    expect(requested).toEqual([]);
    await i18n.changeLanguage('fr');
    expect(i18n.t('hello')).toBe('Bonjour');
    expect(requested).toEqual(['/locales/fr/common.json']);
  });
});

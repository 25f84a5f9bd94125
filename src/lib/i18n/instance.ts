import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { type AppLanguage, appConfig } from '~/app.config';
import { detectBrowserLanguage, detectionOptions } from './detect-browser';
import { lazyHttpBackend } from './lazy-http-backend';
import { isLanguage } from './languages';

/**
 * The visitor's language and its translations as JSON text. Text crosses the server-to-browser
 * serialisation as one escaped string; the same translations as nested objects cost a walk over every
 * key on every server render, and were the second-largest cost of rendering a page.
 */
export type I18nBootstrap = { language: AppLanguage; resources: string };

export function isI18nBootstrap(value: unknown): value is I18nBootstrap {
  return (
    typeof value === 'object' &&
    value !== null &&
    'language' in value &&
    isLanguage(value.language) &&
    'resources' in value &&
    typeof value.resources === 'string'
  );
}

const { i18n: cfg } = appConfig;

function parseResources(text: string): Resource {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null) return value as Resource;
  } catch {
    // Falls through: missing translations are fetched by the browser's backend.
  }
  return {};
}

/**
 * The namespaces a language switch loads: the app's own and every one the server sent, which are all of them
 * (the server adds each entity's from the registry, src/entities.ts, which this isomorphic leaf does not
 * import).
 */
function namespacesOf(resources: Resource, language: string): string[] {
  return [...new Set([...cfg.namespaces, ...Object.keys(resources[language] ?? {})])];
}

function baseOptions(bootstrap: I18nBootstrap) {
  const resources = parseResources(bootstrap.resources);
  return {
    lng: bootstrap.language,
    resources,
    supportedLngs: [...appConfig.languages],
    fallbackLng: appConfig.defaultLanguage,
    ns: namespacesOf(resources, bootstrap.language),
    defaultNS: cfg.defaultNamespace,
    // The server sends the visitor's language; the backend fetches any other language on demand.
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  } as const;
}

/**
 * An instance for server renders in `bootstrap`'s language. Renders only read from it (the language never
 * changes on the server and every namespace is loaded), so requests in one language may share it.
 */
export function createServerI18n(bootstrap: I18nBootstrap): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init(baseOptions(bootstrap));
  return instance;
}

let browserInstance: I18n | undefined;
let preferredLanguage: AppLanguage | undefined;

/**
 * The language the browser's own detection prefers (read before i18next caches the server's choice),
 * handed out once so the root can switch to it right after hydration.
 */
export function takePreferredLanguage(): AppLanguage | undefined {
  const value = preferredLanguage;
  preferredLanguage = undefined;
  return value;
}

/** The browser's single instance, seeded with what the server rendered so hydration matches. */
export function getBrowserI18n(bootstrap: I18nBootstrap): I18n {
  if (browserInstance) return browserInstance;
  preferredLanguage = detectBrowserLanguage();
  const instance = createInstance();
  void instance
    .use(lazyHttpBackend())
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      // `lng` (the server's language) wins over detection, so hydration renders what the server did; the
      // detected language, if another, is switched to right after (takePreferredLanguage).
      ...baseOptions(bootstrap),
      detection: detectionOptions,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      // i18next retries failed reads itself: 5 times, from 350 ms, doubling; 10 reads at once.
      maxRetries: cfg.maxRetries,
      retryTimeout: cfg.retryTimeoutMs,
      maxParallelReads: cfg.maxParallelReads,
    });
  browserInstance = instance;
  return instance;
}

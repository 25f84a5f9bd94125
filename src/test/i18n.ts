import { type AppLanguage, appConfig } from '~/app.config';
import { createServerI18n } from '@/lib/i18n/instance';

// Every namespace the app declares, in every language: a feature's new namespace is here once it is in
// app.config.ts.
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** An i18next instance with the real strings of `language` (English unless a test says), for component tests. */
export function createTestI18n(language: AppLanguage = 'en') {
  const namespaces = Object.fromEntries(
    appConfig.i18n.namespaces.map((ns) => [ns, files[`../../public/locales/${language}/${ns}.json`]]),
  );
  return createServerI18n({ language, resources: JSON.stringify({ [language]: namespaces }) });
}

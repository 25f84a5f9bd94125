import { appConfig } from '~/app.config';
import { createServerI18n } from '@/lib/i18n/instance';

// Every namespace the app declares, in English: a feature's new namespace is here once it is in app.config.ts.
const english = import.meta.glob<Record<string, unknown>>('../../public/locales/en/*.json', {
  eager: true,
  import: 'default',
});

/** An i18next instance with the real English strings, for component tests. */
export function createTestI18n() {
  const namespaces = Object.fromEntries(
    appConfig.i18n.namespaces.map((ns) => [ns, english[`../../public/locales/en/${ns}.json`]]),
  );
  return createServerI18n({ language: 'en', resources: JSON.stringify({ en: namespaces }) });
}

import type { AppLanguage } from '~/app.config';
import { i18nNamespaces } from '@/entities';
import { createServerI18n } from '@/lib/i18n/instance';

// Every namespace the app declares, in every language: a feature's new namespace is here once it is in
// app.config.ts, an entity's once it is in the registry (src/entities.ts).
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** An i18next instance with the real strings of `language` (English unless a test says), for component tests. */
export function createTestI18n(language: AppLanguage = 'en') {
  const namespaces = Object.fromEntries(
    i18nNamespaces.map((ns) => [ns, files[`../../public/locales/${language}/${ns}.json`]]),
  );
  return createServerI18n({ language, resources: JSON.stringify({ [language]: namespaces }) });
}

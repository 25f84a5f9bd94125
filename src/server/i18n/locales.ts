import '@tanstack/react-start/server-only';
import { createInstance, type Resource, type ResourceLanguage } from 'i18next';
import type { AppLanguage } from '~/app.config';
import { appConfig } from '~/app.config';

// The same JSON files the browser fetches from /locales, bundled into the server as lazy chunks.
const files = import.meta.glob<ResourceLanguage>('/public/locales/*/*.json', { import: 'default' });

const cache = new Map<AppLanguage, Promise<string>>();

/** One namespace of one language (e.g. the `email` strings, which the browser never needs). */
async function loadNamespace(lng: AppLanguage, ns: string): Promise<ResourceLanguage> {
  const loader = files[`/public/locales/${lng}/${ns}.json`];
  if (!loader) throw new Error(`Missing locale file public/locales/${lng}/${ns}.json`);
  return loader();
}

async function load(lng: AppLanguage): Promise<string> {
  const entries = await Promise.all(
    appConfig.i18n.namespaces.map(async (ns) => [ns, await loadNamespace(lng, ns)] as const),
  );
  const resources: Resource = { [lng]: Object.fromEntries(entries) };
  return JSON.stringify(resources);
}

/** Every namespace of one language as i18next resources in JSON text, read and written once per process. */
export function loadLanguageResources(lng: AppLanguage): Promise<string> {
  let pending = cache.get(lng);
  if (!pending) {
    pending = load(lng);
    cache.set(lng, pending);
  }
  return pending;
}

/** A `t` for one namespace in `lng` (English where a key is missing), for texts the server writes. */
export async function translatorFor(lng: AppLanguage, ns: string) {
  const instance = createInstance();
  await instance.init({
    lng,
    fallbackLng: appConfig.defaultLanguage,
    ns: [ns],
    defaultNS: ns,
    resources: {
      [lng]: { [ns]: await loadNamespace(lng, ns) },
      [appConfig.defaultLanguage]: { [ns]: await loadNamespace(appConfig.defaultLanguage, ns) },
    },
    interpolation: { escapeValue: false },
  });
  return instance.t.bind(instance);
}

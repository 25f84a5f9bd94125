import '@tanstack/react-start/server-only';
import { createInstance, type Resource, type ResourceLanguage } from 'i18next';
import type { AppLanguage } from '~/app.config';
import { appConfig } from '~/app.config';
import { i18nNamespaces } from '@/entities';

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
  const resources: Resource = { [lng]: await namespacesOf(lng, i18nNamespaces) };
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

/** One language's resources for `namespaces`. */
async function namespacesOf(lng: AppLanguage, namespaces: readonly string[]): Promise<ResourceLanguage> {
  const entries = await Promise.all(
    namespaces.map(async (ns) => [ns, await loadNamespace(lng, ns)] as const),
  );
  return Object.fromEntries(entries);
}

/**
 * A `t` in `lng` (English where a key is missing) for texts the server writes: for one namespace, or for
 * several (the first is the default; the others are reached as `<namespace>:<key>`).
 */
export async function translatorFor(lng: AppLanguage, ns: string | readonly string[]) {
  const namespaces = typeof ns === 'string' ? [ns] : [...ns];
  const instance = createInstance();
  await instance.init({
    lng,
    fallbackLng: appConfig.defaultLanguage,
    ns: namespaces,
    defaultNS: namespaces[0],
    resources: {
      [lng]: await namespacesOf(lng, namespaces),
      [appConfig.defaultLanguage]: await namespacesOf(appConfig.defaultLanguage, namespaces),
    },
    interpolation: { escapeValue: false },
  });
  return instance.t.bind(instance);
}

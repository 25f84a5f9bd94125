import type { i18n as I18n } from 'i18next';
import { appConfig } from '~/app.config';
import { createServerI18n, getBrowserI18n, type I18nBootstrap } from './instance';

// One instance per language and translation text: the server reads each language's files once, so a
// process holds at most one instance per language (a new text, after a fallback, replaces it).
const serverInstances = new Map<string, { resources: string; instance: I18n }>();

/** The i18n instance for a render in `bootstrap`'s language (shared by requests on the server). */
export function i18nFor(bootstrap: I18nBootstrap): I18n {
  if (typeof window !== 'undefined') return getBrowserI18n(bootstrap);
  const cached = serverInstances.get(bootstrap.language);
  if (cached?.resources === bootstrap.resources) return cached.instance;
  const instance = createServerI18n(bootstrap);
  serverInstances.set(bootstrap.language, { resources: bootstrap.resources, instance });
  return instance;
}

export function withProductName(title: string): string {
  return `${title} | ${appConfig.name}`;
}

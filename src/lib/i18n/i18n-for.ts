import type { i18n as I18n } from 'i18next';
import { appConfig } from '~/app.config';
import { createServerI18n, getBrowserI18n, type I18nBootstrap } from './instance';

// Each server request has its own bootstrap object, so keying by it gives one instance per request.
const serverInstances = new WeakMap<I18nBootstrap, I18n>();

/** The i18n instance for the render that produced `bootstrap` (per request on the server). */
export function i18nFor(bootstrap: I18nBootstrap): I18n {
  if (typeof window !== 'undefined') return getBrowserI18n(bootstrap);
  let instance = serverInstances.get(bootstrap);
  if (!instance) {
    instance = createServerI18n(bootstrap);
    serverInstances.set(bootstrap, instance);
  }
  return instance;
}

export function withProductName(title: string): string {
  return `${title} | ${appConfig.name}`;
}

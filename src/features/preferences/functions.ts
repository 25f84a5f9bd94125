import { createServerFn } from '@tanstack/react-start';
import { getCookie, getRequestHeader, getRequestUrl } from '@tanstack/react-start/server';
import { appConfig } from '~/app.config';
import type { I18nBootstrap } from '@/lib/i18n/instance';
import { resolveRequestLanguage } from '@/lib/i18n/languages';
import { loadLanguageResources } from '@/server/i18n/locales';

/** The visitor's language for this request and its translations, so the first paint is already translated. */
export const $getI18nBootstrap = createServerFn({ method: 'GET' }).handler(
  async (): Promise<I18nBootstrap> => {
    const language = resolveRequestLanguage({
      query: getRequestUrl().searchParams.get('lng'),
      cookie: getCookie(appConfig.i18n.cookieName),
      acceptLanguage: getRequestHeader('accept-language'),
    });
    return { language, resources: await loadLanguageResources(language) };
  },
);

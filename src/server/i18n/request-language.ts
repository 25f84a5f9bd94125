import '@tanstack/react-start/server-only';
import { type AppLanguage, appConfig } from '~/app.config';
import { resolveRequestLanguage } from '@/lib/i18n/languages';

/** The language of the person behind a request: the language cookie, then Accept-Language. */
export function languageOfRequest(headers: Headers | undefined | null): AppLanguage {
  return resolveRequestLanguage({
    cookie: readCookie(headers?.get('cookie'), appConfig.i18n.cookieName),
    acceptLanguage: headers?.get('accept-language'),
  });
}

function readCookie(header: string | null | undefined, name: string): string | undefined {
  const match = header?.split(';').find((part) => part.trim().startsWith(`${name}=`));
  return match ? decodeURIComponent(match.split('=')[1] ?? '') : undefined;
}

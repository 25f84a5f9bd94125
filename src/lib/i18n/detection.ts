import { appConfig } from '~/app.config';

const { i18n: cfg } = appConfig;

/** Browser detection in the product's order; the choice is cached in localStorage and a cookie. */
export const detectionOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: cfg.cookieName,
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['localStorage', 'cookie'],
  cookieMinutes: cfg.cookieMinutes,
  cookieOptions: { path: '/', sameSite: 'lax' as const },
};

import { z } from 'zod';
import { appConfig } from '~/app.config';

// Every optional search param falls back to its default on bad input instead of failing the route.
export const zRedirectParam = z.string().max(2048).default('').catch('');
export const zSearchTermParam = z.string().trim().max(appConfig.limits.searchTermMax).default('').catch('');

export const zLoginSearch = z.object({ redirect: zRedirectParam });
export const zVerifySearch = z.object({
  redirect: zRedirectParam,
  email: z.string().max(appConfig.limits.emailMax).default('').catch(''),
});
export const zLoginErrorSearch = z.object({ error: z.string().max(100).default('').catch('') });
export const zAccountSearch = z.object({
  state: z.enum(['', 'change-name']).default('').catch(''),
  newEmail: z.string().max(appConfig.limits.emailMax).default('').catch(''),
});
export const zListSearch = z.object({ searchTerm: zSearchTermParam });

export const isEmail = (value: string) => z.email().safeParse(value).success;

/** Defaults left out of URLs, so `/login` stays `/login` rather than `/login?redirect=`. */
export const searchDefaults = {
  login: { redirect: '' },
  verify: { redirect: '' },
  loginError: { error: '' },
  account: { state: '' as const, newEmail: '' },
  list: { searchTerm: '' },
};

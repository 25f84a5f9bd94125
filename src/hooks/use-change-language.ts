import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AppLanguage } from '~/app.config';

/** Switches language (i18next caches it in localStorage and the cookie) and refreshes route titles. */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  const router = useRouter();
  return async (lng: AppLanguage) => {
    await i18n.changeLanguage(lng);
    await router.invalidate();
  };
}

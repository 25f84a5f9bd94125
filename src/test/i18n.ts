import { createServerI18n } from '@/lib/i18n/instance';
import account from '~/public/locales/en/account.json';
import auth from '~/public/locales/en/auth.json';
import en from '~/public/locales/en/common.json';
import repository from '~/public/locales/en/repository.json';
import user from '~/public/locales/en/user.json';
import dashboard from '~/public/locales/en/dashboard.json';
import audit from '~/public/locales/en/audit.json';

/** An i18next instance with the real English strings, for component tests. */
export function createTestI18n() {
  return createServerI18n({
    language: 'en',
    resources: JSON.stringify({ en: { common: en, auth, account, repository, user, dashboard, audit } }),
  });
}

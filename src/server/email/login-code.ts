import '@tanstack/react-start/server-only';
import { render } from '@react-email/render';
import { createInstance } from 'i18next';
import { createElement } from 'react';
import { type AppLanguage, appConfig } from '~/app.config';
import { LoginCodeEmail } from '~/emails/login-code';
import { directionOf } from '@/lib/i18n/languages';
import { loadNamespace } from '@/server/i18n/locales';
import type { Mail } from './mailer';

/** The sign-in code e-mail in the recipient's language, as HTML and plain text. */
export async function renderLoginCodeEmail(input: {
  to: string;
  code: string;
  lng: AppLanguage;
  minutes: number;
}): Promise<Mail> {
  const t = await emailTranslator(input.lng);
  const product = appConfig.name;
  const element = createElement(LoginCodeEmail, {
    lang: input.lng,
    dir: directionOf(input.lng),
    code: input.code,
    texts: {
      preview: t('loginCode.preview', { product, code: input.code }),
      title: t('loginCode.title'),
      intro: t('loginCode.intro', { product }),
      validity: t('loginCode.validity', { count: input.minutes }),
      ignore: t('loginCode.ignore'),
    },
  });
  return {
    to: input.to,
    subject: t('loginCode.subject'),
    html: await render(element),
    text: await render(element, { plainText: true }),
  };
}

async function emailTranslator(lng: AppLanguage) {
  const instance = createInstance();
  await instance.init({
    lng,
    fallbackLng: appConfig.defaultLanguage,
    ns: ['email'],
    defaultNS: 'email',
    resources: {
      [lng]: { email: await loadNamespace(lng, 'email') },
      [appConfig.defaultLanguage]: { email: await loadNamespace(appConfig.defaultLanguage, 'email') },
    },
    interpolation: { escapeValue: false },
  });
  return instance.t.bind(instance);
}

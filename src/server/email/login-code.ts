import '@tanstack/react-start/server-only';
import { render } from '@react-email/render';
import { createElement, type ReactElement } from 'react';
import { type AppLanguage, appConfig } from '~/app.config';
import { LoginCodeEmail } from '~/emails/login-code';
import { directionOf } from '@/lib/i18n/languages';
import { translatorFor } from '@/server/i18n/locales';
import type { Mail } from './mailer';

/** Which code e-mail: the same layout, with wording for signing in or for confirming a new address. */
export type CodeEmailKind = 'loginCode' | 'changeEmailCode';

/** A code e-mail in the recipient's language, as HTML and plain text. */
export async function renderCodeEmail(input: {
  kind: CodeEmailKind;
  to: string;
  code: string;
  lng: AppLanguage;
  minutes: number;
}): Promise<Mail> {
  const t = await emailTranslator(input.lng);
  const product = appConfig.name;
  const { kind } = input;
  const element = createElement(LoginCodeEmail, {
    lang: input.lng,
    dir: directionOf(input.lng),
    code: input.code,
    texts: {
      preview: t(`${kind}.preview`, { product, code: input.code }),
      title: t(`${kind}.title`),
      intro: t(`${kind}.intro`, { product }),
      validity: t('loginCode.validity', { count: input.minutes }),
      ignore: t(`${kind}.ignore`),
    },
  });
  return mailOf(input.to, t(`${kind}.subject`), element);
}

/** The sign-in code e-mail. */
export function renderLoginCodeEmail(input: { to: string; code: string; lng: AppLanguage; minutes: number }) {
  return renderCodeEmail({ ...input, kind: 'loginCode' });
}

/** A rendered e-mail, in HTML and in plain text for clients that show no HTML. */
export async function mailOf(to: string, subject: string, element: ReactElement): Promise<Mail> {
  return {
    to,
    subject,
    html: await render(element),
    text: await render(element, { plainText: true }),
  };
}

export function emailTranslator(lng: AppLanguage) {
  return translatorFor(lng, 'email');
}

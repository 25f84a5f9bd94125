import '@tanstack/react-start/server-only';
import { createElement } from 'react';
import { type AppLanguage, appConfig } from '~/app.config';
import { EmailChangedEmail } from '~/emails/email-changed';
import { directionOf } from '@/lib/i18n/languages';
import { emailTranslator, mailOf, renderCodeEmail } from './login-code';
import type { Mail } from './mailer';

/** The code that confirms a new address, sent to that new address (same layout as the sign-in code). */
export function renderChangeEmailCodeEmail(input: {
  to: string;
  code: string;
  lng: AppLanguage;
  minutes: number;
}) {
  return renderCodeEmail({ ...input, kind: 'changeEmailCode' });
}

/** The notice sent to the previous address once the account's e-mail has changed. */
export async function renderEmailChangedEmail(input: {
  to: string;
  newEmail: string;
  lng: AppLanguage;
}): Promise<Mail> {
  const t = await emailTranslator(input.lng);
  const product = appConfig.name;
  const element = createElement(EmailChangedEmail, {
    lang: input.lng,
    dir: directionOf(input.lng),
    newEmail: input.newEmail,
    texts: {
      preview: t('emailChanged.preview', { product }),
      title: t('emailChanged.title'),
      intro: t('emailChanged.intro', { product }),
      newAddressLabel: t('emailChanged.newAddress'),
      notYou: t('emailChanged.notYou', { product }),
    },
  });
  return mailOf(input.to, t('emailChanged.subject', { product }), element);
}

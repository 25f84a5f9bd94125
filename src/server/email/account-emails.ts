import '@tanstack/react-start/server-only';
import { createElement } from 'react';
import { type AppLanguage, appConfig } from '~/app.config';
import { EmailChangedEmail } from '~/emails/email-changed';
import { NewSignInEmail } from '~/emails/new-sign-in';
import { directionOf } from '@/lib/i18n/languages';
import { emailTranslator, mailOf, renderCodeEmail } from './login-code';
import type { Mail } from './mailer';
import { dateTimeFormat } from '@/lib/intl';

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

/** The notice sent when a browser that never signed in to the account does; null facts read "unknown". */
export async function renderNewSignInEmail(input: {
  to: string;
  lng: AppLanguage;
  at: Date;
  browser: string | null;
  os: string | null;
  ipAddress: string | null;
  /** The account page's sessions list. */
  url: string;
}): Promise<Mail> {
  const t = await emailTranslator(input.lng);
  const product = appConfig.name;
  const unknown = t('newSignIn.unknown');
  const time = dateTimeFormat(input.lng, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(input.at);
  const device =
    input.browser || input.os
      ? t('newSignIn.deviceValue', { browser: input.browser ?? unknown, os: input.os ?? unknown })
      : unknown;
  const element = createElement(NewSignInEmail, {
    lang: input.lng,
    dir: directionOf(input.lng),
    url: input.url,
    details: [
      { label: t('newSignIn.time'), value: t('newSignIn.timeValue', { time }) },
      { label: t('newSignIn.device'), value: device },
      { label: t('newSignIn.network'), value: input.ipAddress ?? unknown },
    ],
    texts: {
      preview: t('newSignIn.preview', { product }),
      title: t('newSignIn.title'),
      intro: t('newSignIn.intro', { product }),
      action: t('newSignIn.action'),
      notYou: t('newSignIn.notYou'),
    },
  });
  return mailOf(input.to, t('newSignIn.subject', { product }), element);
}

import '@tanstack/react-start/server-only';
import { createElement } from 'react';
import { type AppLanguage, appConfig } from '~/app.config';
import { OrganizationInvitationEmail } from '~/emails/organization-invitation';
import { WebhookDisabledEmail } from '~/emails/webhook-disabled';
import { directionOf } from '@/lib/i18n/languages';
import { emailTranslator, mailOf } from './login-code';
import type { Mail } from './mailer';
import { dateTimeFormat } from '@/lib/intl';

/** The invitation to join an organization, in the inviter's language, with a link to its page. */
export async function renderInvitationEmail(input: {
  to: string;
  lng: AppLanguage;
  inviterName: string;
  organizationName: string;
  role: string;
  expiresAt: Date;
  url: string;
}): Promise<Mail> {
  const t = await emailTranslator(input.lng);
  const values = {
    product: appConfig.name,
    inviter: input.inviterName,
    organization: input.organizationName,
    role: t(`invitation.roles.${input.role}`, { defaultValue: input.role }),
    date: dateTimeFormat(input.lng, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(input.expiresAt),
  };
  const element = createElement(OrganizationInvitationEmail, {
    lang: input.lng,
    dir: directionOf(input.lng),
    url: input.url,
    texts: {
      preview: t('invitation.preview', values),
      title: t('invitation.title', values),
      intro: t('invitation.intro', values),
      role: t('invitation.role', values),
      action: t('invitation.action'),
      expiry: t('invitation.expiry', values),
      ignore: t('invitation.ignore'),
    },
  });
  return mailOf(input.to, t('invitation.subject', values), element);
}

/** To an organization's owners: one of its webhook endpoints was turned off after failing too often. */
export async function renderWebhookDisabledEmail(input: {
  to: string;
  lng: AppLanguage;
  organizationName: string;
  endpointUrl: string;
  failures: number;
  url: string;
}): Promise<Mail> {
  const t = await emailTranslator(input.lng);
  const values = { product: appConfig.name, organization: input.organizationName, count: input.failures };
  const element = createElement(WebhookDisabledEmail, {
    lang: input.lng,
    dir: directionOf(input.lng),
    endpointUrl: input.endpointUrl,
    url: input.url,
    texts: {
      preview: t('webhookDisabled.preview', values),
      title: t('webhookDisabled.title', values),
      intro: t('webhookDisabled.intro', values),
      endpointLabel: t('webhookDisabled.endpoint'),
      next: t('webhookDisabled.next', values),
      action: t('webhookDisabled.action'),
    },
  });
  return mailOf(input.to, t('webhookDisabled.subject', values), element);
}

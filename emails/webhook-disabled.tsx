import { Text } from '@react-email/components';
import { EmailAction, EmailLayout } from './layout';

export type WebhookDisabledEmailProps = {
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The endpoint's address, as registered. */
  endpointUrl: string;
  /** The organization screen, where it is turned back on. */
  url: string;
  texts: {
    preview: string;
    title: string;
    intro: string;
    endpointLabel: string;
    next: string;
    action: string;
  };
};

/** Tells an organization's owners that one of its webhook endpoints was turned off for failing. */
export function WebhookDisabledEmail({ lang, dir, endpointUrl, url, texts }: WebhookDisabledEmailProps) {
  return (
    <EmailLayout lang={lang} dir={dir} preview={texts.preview} title={texts.title} intro={texts.intro}>
      <Text style={{ fontSize: 13, color: '#6b6b78', margin: '16px 0 4px' }}>{texts.endpointLabel}</Text>
      <Text
        // Addresses read left to right, also inside an Arabic message.
        dir="ltr"
        style={{ fontSize: 15, fontWeight: 600, margin: 0, color: '#1f1f29', wordBreak: 'break-all' }}
      >
        {endpointUrl}
      </Text>
      <Text style={{ fontSize: 14, color: '#3f3f4a', marginTop: 24 }}>{texts.next}</Text>
      <EmailAction href={url} label={texts.action} />
    </EmailLayout>
  );
}

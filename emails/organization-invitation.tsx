import { Button, Text } from '@react-email/components';
import { EmailLayout } from './layout';

export type OrganizationInvitationEmailProps = {
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The invitation's page: sign in as the invited address there, then accept or decline. */
  url: string;
  texts: {
    preview: string;
    title: string;
    intro: string;
    role: string;
    action: string;
    expiry: string;
    ignore: string;
  };
};

/** An invitation to join an organization, in the inviter's language; every text arrives translated. */
export function OrganizationInvitationEmail({ lang, dir, url, texts }: OrganizationInvitationEmailProps) {
  return (
    <EmailLayout lang={lang} dir={dir} preview={texts.preview} title={texts.title} intro={texts.intro}>
      <Text style={{ fontSize: 15, color: '#3f3f4a' }}>{texts.role}</Text>
      <Button
        href={url}
        style={{
          display: 'inline-block',
          margin: '16px 0',
          padding: '12px 20px',
          borderRadius: 8,
          backgroundColor: '#5b2f8f',
          color: '#ffffff',
          fontSize: 15,
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {texts.action}
      </Button>
      <Text style={{ fontSize: 13, color: '#6b6b78', wordBreak: 'break-all' }} dir="ltr">
        {url}
      </Text>
      <Text style={{ fontSize: 14, color: '#3f3f4a' }}>{texts.expiry}</Text>
      <Text style={{ fontSize: 13, color: '#6b6b78', marginTop: 24 }}>{texts.ignore}</Text>
    </EmailLayout>
  );
}

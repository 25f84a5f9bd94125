import { Text } from '@react-email/components';
import { EmailAction, EmailLayout } from './layout';

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
      <EmailAction href={url} label={texts.action} />
      <Text style={{ fontSize: 14, color: '#3f3f4a' }}>{texts.expiry}</Text>
      <Text style={{ fontSize: 13, color: '#6b6b78', marginTop: 24 }}>{texts.ignore}</Text>
    </EmailLayout>
  );
}

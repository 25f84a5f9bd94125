import { Text } from '@react-email/components';
import { EmailLayout } from './layout';

export type EmailChangedEmailProps = {
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The address the account uses from now on (this message goes to the previous one). */
  newEmail: string;
  texts: { preview: string; title: string; intro: string; newAddressLabel: string; notYou: string };
};

/** Tells the previous address that the account's e-mail changed; every text arrives translated. */
export function EmailChangedEmail({ lang, dir, newEmail, texts }: EmailChangedEmailProps) {
  return (
    <EmailLayout lang={lang} dir={dir} preview={texts.preview} title={texts.title} intro={texts.intro}>
      <Text style={{ fontSize: 13, color: '#6b6b78', margin: '16px 0 4px' }}>{texts.newAddressLabel}</Text>
      <Text
        // Addresses read left to right, also inside an Arabic message.
        dir="ltr"
        style={{ fontSize: 16, fontWeight: 600, margin: 0, color: '#1f1f29', wordBreak: 'break-all' }}
      >
        {newEmail}
      </Text>
      <Text style={{ fontSize: 14, color: '#3f3f4a', marginTop: 24 }}>{texts.notYou}</Text>
    </EmailLayout>
  );
}

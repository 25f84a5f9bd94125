import { Section, Text } from '@react-email/components';
import { EmailLayout } from './layout';

export type LoginCodeEmailProps = {
  lang: string;
  dir: 'ltr' | 'rtl';
  code: string;
  texts: { preview: string; title: string; intro: string; validity: string; ignore: string };
};

/** The sign-in code e-mail; every text arrives translated, so the template holds no language. */
export function LoginCodeEmail({ lang, dir, code, texts }: LoginCodeEmailProps) {
  return (
    <EmailLayout lang={lang} dir={dir} preview={texts.preview} title={texts.title} intro={texts.intro}>
      <Section style={{ margin: '24px 0', textAlign: 'center' }}>
        <Text
          // Codes are digits: keep them left-to-right even inside an Arabic message.
          dir="ltr"
          style={{
            fontSize: 32,
            fontWeight: 700,
            letterSpacing: 8,
            margin: 0,
            color: '#5b21b6',
            fontFamily: 'ui-monospace, Menlo, monospace',
          }}
        >
          {code}
        </Text>
      </Section>
      <Text style={{ fontSize: 14, color: '#3f3f4a' }}>{texts.validity}</Text>
      <Text style={{ fontSize: 13, color: '#6b6b78' }}>{texts.ignore}</Text>
    </EmailLayout>
  );
}

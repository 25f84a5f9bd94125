import { Text } from '@react-email/components';
import { EmailAction, EmailLayout } from './layout';

export type NewSignInEmailProps = {
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The sessions list of the account page, where the owner can end the new session. */
  url: string;
  /** Label and value of each fact about the sign-in (time, browser and system, network). */
  details: { label: string; value: string }[];
  texts: { preview: string; title: string; intro: string; action: string; notYou: string };
};

/** Tells the owner that a browser new to the account signed in; every text arrives translated. */
export function NewSignInEmail({ lang, dir, url, details, texts }: NewSignInEmailProps) {
  return (
    <EmailLayout lang={lang} dir={dir} preview={texts.preview} title={texts.title} intro={texts.intro}>
      {details.map((detail) => (
        <Text key={detail.label} style={{ fontSize: 14, color: '#3f3f4a', margin: '8px 0 0' }}>
          <span style={{ color: '#6b6b78' }}>{detail.label}</span>{' '}
          <span style={{ fontWeight: 600, color: '#1f1f29' }}>{detail.value}</span>
        </Text>
      ))}
      <Text style={{ fontSize: 14, color: '#3f3f4a', marginTop: 24 }}>{texts.notYou}</Text>
      <EmailAction href={url} label={texts.action} />
    </EmailLayout>
  );
}

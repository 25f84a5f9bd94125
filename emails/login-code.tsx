import { Body, Container, Head, Heading, Html, Preview, Section, Text } from '@react-email/components';

export type LoginCodeEmailProps = {
  lang: string;
  dir: 'ltr' | 'rtl';
  code: string;
  texts: { preview: string; title: string; intro: string; validity: string; ignore: string };
};

/** The sign-in code e-mail; every text arrives translated, so the template holds no language. */
export function LoginCodeEmail({ lang, dir, code, texts }: LoginCodeEmailProps) {
  return (
    <Html lang={lang} dir={dir}>
      <Head />
      <Preview>{texts.preview}</Preview>
      <Body
        style={{ backgroundColor: '#f6f6f9', fontFamily: 'system-ui, -apple-system, Segoe UI, sans-serif' }}
      >
        <Container
          style={{
            margin: '32px auto',
            padding: 32,
            maxWidth: 480,
            backgroundColor: '#ffffff',
            borderRadius: 12,
          }}
        >
          <Heading as="h1" style={{ fontSize: 22, margin: '0 0 16px', color: '#1f1f29' }}>
            {texts.title}
          </Heading>
          <Text style={{ fontSize: 15, color: '#3f3f4a' }}>{texts.intro}</Text>
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
        </Container>
      </Body>
    </Html>
  );
}

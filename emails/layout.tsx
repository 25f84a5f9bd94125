import { Body, Button, Container, Head, Heading, Html, Preview, Text } from '@react-email/components';
import type { ReactNode } from 'react';

/** The frame every product e-mail shares: language and direction, preview line, card, title and intro. */
export function EmailLayout({
  lang,
  dir,
  preview,
  title,
  intro,
  children,
}: {
  lang: string;
  dir: 'ltr' | 'rtl';
  preview: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Html lang={lang} dir={dir}>
      <Head />
      <Preview>{preview}</Preview>
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
            {title}
          </Heading>
          <Text style={{ fontSize: 15, color: '#3f3f4a' }}>{intro}</Text>
          {children}
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The mail's one action: a button to `href`, and the address itself below it for mail clients that show
 * no buttons (left to right in every language, breakable anywhere).
 */
export function EmailAction({ href, label }: { href: string; label: string }) {
  return (
    <>
      <Button
        href={href}
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
        {label}
      </Button>
      <Text style={{ fontSize: 13, color: '#6b6b78', wordBreak: 'break-all' }} dir="ltr">
        {href}
      </Text>
    </>
  );
}

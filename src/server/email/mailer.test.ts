import { createTransport } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { smtpTransportUrl } from './mailer.ts';

/** The options nodemailer itself reads from the URL the mailer gives it. */
function transportOptions(url: string, allowUnencrypted = false) {
  return createTransport(smtpTransportUrl(url, { allowUnencrypted })).options;
}

describe('smtpTransportUrl', () => {
  it('requires STARTTLS for smtp:// to any host other than loopback', () => {
    for (const url of [
      'smtp://smtp.example.com:587',
      'smtp://user:pass@smtp.example.com',
      'smtp://192.0.2.10:25',
      'smtp://[2001:db8::25]:25',
      // Names that only look local.
      'smtp://127.0.0.1.evil.example:25',
      'smtp://localhost.evil.example:25',
      'smtp://mail.localhost.evil.example',
    ]) {
      expect(transportOptions(url), url).toMatchObject({ secure: false, requireTLS: true });
    }
  });

  it('keeps requiring it when the URL itself asks for less', () => {
    expect(
      transportOptions('smtp://smtp.example.com:587?requireTLS=false&ignoreTLS=true&opportunisticTLS=true'),
    ).toMatchObject({ requireTLS: true });
    expect(transportOptions('smtp://smtp.example.com:587?ignoreTLS=true')).not.toHaveProperty(
      'ignoreTLS',
      true,
    );
  });

  it('leaves loopback alone: a local relay or mail catcher on the same machine', () => {
    for (const url of [
      'smtp://127.0.0.1:1025',
      'smtp://127.0.0.53:25',
      'smtp://localhost:1025',
      'smtp://LOCALHOST:1025',
      'smtp://[::1]:1025',
    ]) {
      expect(transportOptions(url), url).not.toHaveProperty('requireTLS');
    }
  });

  it('leaves smtps:// alone: the connection is TLS from the first byte', () => {
    const options = transportOptions('smtps://user:pass@smtp.example.com:465');
    expect(options).toMatchObject({ secure: true, host: 'smtp.example.com', port: 465 });
    expect(options).not.toHaveProperty('requireTLS');
  });

  it('sends in the clear to another host only when the operator opts out, and then as the URL says', () => {
    expect(transportOptions('smtp://relay.internal.example:25', true)).not.toHaveProperty('requireTLS');
    expect(transportOptions('smtp://relay.internal.example:25?ignoreTLS=true', true)).toMatchObject({
      ignoreTLS: true,
    });
  });

  it('keeps short timeouts, unless the URL sets its own', () => {
    expect(transportOptions('smtp://smtp.example.com')).toMatchObject({
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10000,
    });
    expect(transportOptions('smtp://smtp.example.com?socketTimeout=30000')).toMatchObject({
      socketTimeout: 30000,
    });
  });
});

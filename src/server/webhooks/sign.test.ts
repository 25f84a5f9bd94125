import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signedHeaders } from './sign.ts';

describe('newWebhookSecret', () => {
  it('is whsec_ and 32 random bytes in base64, a secret the Webhook class accepts', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(() => new Webhook(secret)).not.toThrow();
    expect(newWebhookSecret()).not.toBe(secret);
  });
});

describe('signedHeaders', () => {
  it('gives the id, the timestamp in seconds and the signature the library computes', () => {
    const secret = newWebhookSecret();
    const timestamp = new Date('2026-12-02T10:00:00.750Z');
    const body = '{"type":"repository.created","data":{"id":"r1"}}';
    const headers = signedHeaders(secret, { id: 'msg_1', timestamp, body });
    expect(headers).toEqual({
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Date.parse('2026-12-02T10:00:00Z') / 1000),
      'webhook-signature': new Webhook(secret).sign('msg_1', timestamp, body),
    });
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('verifies with the secret for this body only', () => {
    const secret = newWebhookSecret();
    const body = '{"type":"ping"}';
    const headers = signedHeaders(secret, { id: 'msg_2', timestamp: new Date(), body });
    expect(new Webhook(secret).verify(body, headers)).toEqual({ type: 'ping' });
    expect(() => new Webhook(secret).verify('{"type":"pong"}', headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});

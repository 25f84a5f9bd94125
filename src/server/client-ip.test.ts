import { describe, expect, it } from 'vitest';
import { resolveClientIp, withForwardedFor } from './client-ip.ts';

const direct = { trustProxy: false, hops: 1 };
const oneProxy = { trustProxy: true, hops: 1 };
const twoProxies = { trustProxy: true, hops: 2 };

describe('resolveClientIp', () => {
  it('uses the socket address and ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(resolveClientIp('203.0.113.9', '198.51.100.7', direct)).toBe('198.51.100.7');
    expect(resolveClientIp(null, '198.51.100.7', direct)).toBe('198.51.100.7');
    expect(resolveClientIp('203.0.113.9', undefined, direct)).toBeNull();
  });

  it('behind one proxy takes the entry the proxy added (the rightmost), never a client-set one', () => {
    expect(resolveClientIp('10.0.0.5', '192.168.1.1', oneProxy)).toBe('10.0.0.5');
    // The client sent "X-Forwarded-For: 203.0.113.66"; the proxy appended the address it saw.
    expect(resolveClientIp('203.0.113.66, 10.0.0.5', '192.168.1.1', oneProxy)).toBe('10.0.0.5');
    expect(resolveClientIp('1.1.1.1,2.2.2.2 ,  10.0.0.5', '192.168.1.1', oneProxy)).toBe('10.0.0.5');
    expect(resolveClientIp('garbage, ,10.0.0.5', '192.168.1.1', oneProxy)).toBe('10.0.0.5');
  });

  it('behind n proxies takes the n-th entry from the right, or the leftmost when there are fewer', () => {
    expect(resolveClientIp('203.0.113.66, 10.0.0.5, 172.16.0.2', '192.168.1.1', twoProxies)).toBe('10.0.0.5');
    expect(resolveClientIp('10.0.0.5', '192.168.1.1', twoProxies)).toBe('10.0.0.5');
  });

  it('falls back to the socket address when the proxy sent no usable entry', () => {
    expect(resolveClientIp(null, '192.168.1.1', oneProxy)).toBe('192.168.1.1');
    expect(resolveClientIp('', '192.168.1.1', oneProxy)).toBe('192.168.1.1');
    expect(resolveClientIp(' , ', '192.168.1.1', oneProxy)).toBe('192.168.1.1');
    expect(resolveClientIp('10.0.0.5, not-an-ip', '192.168.1.1', oneProxy)).toBe('192.168.1.1');
    expect(resolveClientIp('10.0.0.5, <script>', '192.168.1.1', oneProxy)).toBe('192.168.1.1');
    expect(resolveClientIp('10.0.0.5, unknown', undefined, oneProxy)).toBeNull();
  });

  it('gives one plain address: ports and brackets dropped, IPv4-mapped IPv6 as IPv4', () => {
    expect(resolveClientIp('10.0.0.5:51234', undefined, oneProxy)).toBe('10.0.0.5');
    expect(resolveClientIp('[2001:db8::1]:443', undefined, oneProxy)).toBe('2001:db8::1');
    expect(resolveClientIp('[2001:DB8::1]', undefined, oneProxy)).toBe('2001:db8::1');
    expect(resolveClientIp('2001:db8::1', undefined, oneProxy)).toBe('2001:db8::1');
    expect(resolveClientIp(null, '::ffff:127.0.0.1', oneProxy)).toBe('127.0.0.1');
    expect(resolveClientIp('::ffff:10.0.0.5', undefined, oneProxy)).toBe('10.0.0.5');
  });
});

describe('withForwardedFor (the request better-auth sees)', () => {
  it('carries exactly the resolved address, whatever the client sent', async () => {
    const original = new Request('http://app.test/api/auth/sign-in/email-otp', {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.66, 10.0.0.5', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    const request = withForwardedFor(original, '10.0.0.5');
    expect(request.headers.get('x-forwarded-for')).toBe('10.0.0.5');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.method).toBe('POST');
    expect(await request.text()).toBe('{"a":1}');
  });

  it('carries no X-Forwarded-For when no address is known', () => {
    const original = new Request('http://app.test/api/auth/get-session', {
      headers: { 'x-forwarded-for': '203.0.113.66' },
    });
    expect(withForwardedFor(original, null).headers.has('x-forwarded-for')).toBe(false);
  });

  it('keeps the request as it is when it already carries exactly that address', () => {
    const original = new Request('http://app.test/api/auth/get-session', {
      headers: { 'x-forwarded-for': '10.0.0.5' },
    });
    expect(withForwardedFor(original, '10.0.0.5')).toBe(original);
  });
});

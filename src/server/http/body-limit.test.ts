import { describe, expect, it } from 'vitest';
import { acceptsBody, bodyLimitRefusal, MAX_BODY_BYTES } from './body-limit';

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/auth/sign-in/email-otp', {
    method: 'POST',
    body,
    headers: { 'content-length': String(Buffer.byteLength(body)), ...headers },
  });

describe('body limit', () => {
  it('lets a body up to the cap through', () => {
    expect(bodyLimitRefusal(post('x'.repeat(MAX_BODY_BYTES)))).toBeUndefined();
  });

  it('refuses a body over the cap with 413 before reading it', async () => {
    const refusal = bodyLimitRefusal(post('x'.repeat(MAX_BODY_BYTES + 1)));
    expect(refusal?.status).toBe(413);
    expect(await refusal?.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses a body without a length (411) or with a malformed one (413)', () => {
    const chunked = new Request('http://localhost/api/auth/x', {
      method: 'POST',
      body: new ReadableStream({ start: (c) => c.close() }),
      headers: { 'transfer-encoding': 'chunked' },
      duplex: 'half',
    } as RequestInit);
    expect(bodyLimitRefusal(chunked)?.status).toBe(411);
    // Neither a length nor chunks (a DELETE as fetch sends it): no body at all, nothing to refuse.
    const bodiless = new Request('http://localhost/api/v1/repositories/r1', {
      method: 'DELETE',
      body: new ReadableStream({ start: (c) => c.close() }),
      duplex: 'half',
    } as RequestInit);
    expect(bodyLimitRefusal(bodiless)).toBeUndefined();
    expect(bodyLimitRefusal(post('{}', { 'content-length': '1e9' }))?.status).toBe(413);
  });

  it('ignores GET requests and applies to server functions and the API only', () => {
    expect(bodyLimitRefusal(new Request('http://localhost/api/health'))).toBeUndefined();
    expect(acceptsBody('/_serverFn/abc', 'serverFn')).toBe(true);
    expect(acceptsBody('/api/auth/sign-out', 'router')).toBe(true);
    expect(acceptsBody('/app', 'router')).toBe(false);
  });
});

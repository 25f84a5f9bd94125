import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, scrubText, serializeError } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  process.env.LOG_LEVEL = 'info';
  const logger = createLogger(stream);
  delete process.env.LOG_LEVEL;
  return { logger, text: () => lines.join('') };
}

describe('logger', () => {
  it('never writes cookies, authorization headers, codes or tokens, wherever they sit', () => {
    const { logger, text } = capture();
    logger.info({
      cookie: 'better-auth.session_token=SESSION-SECRET',
      headers: { authorization: 'Bearer BEARER-SECRET', 'set-cookie': 'a=SET-COOKIE-SECRET' },
      body: { email: 'a@example.com', otp: '493817' },
      args: [{ token: 'VERIFY-TOKEN' }],
    });
    const out = text();
    for (const secret of ['SESSION-SECRET', 'BEARER-SECRET', 'SET-COOKIE-SECRET', '493817', 'VERIFY-TOKEN']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
    expect(out).toContain('a@example.com');
  });

  it('scrubs codes and tokens out of URLs quoted in messages', () => {
    const { logger, text } = capture();
    logger.warn('callback failed for /api/auth/callback/oidc?code=OAUTH-CODE&state=OAUTH-STATE&x=1');
    expect(text()).not.toMatch(/OAUTH-CODE|OAUTH-STATE/);
    expect(text()).toContain('x=1');
    expect(scrubText('/verify?token=abc&otp=123456')).toBe('/verify?token=[redacted]&otp=[redacted]');
  });

  it('cuts query parameters (session tokens, addresses) out of database errors', () => {
    const failed = new Error('Failed query: select * from "session" where "token" = $1\nparams: TOKEN-123', {
      cause: new Error('connect ECONNREFUSED'),
    });
    const out = JSON.stringify(serializeError(failed));
    expect(out).not.toContain('TOKEN-123');
    expect(out).toContain('params: [redacted]');
    expect(out).toContain('Failed query');
  });

  it('keeps an error’s code and stack for the server log', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const serialized = serializeError(new Error('query failed', { cause: error }));
    expect(serialized).toMatchObject({ message: 'query failed', cause: { code: 'ECONNREFUSED' } });
    expect(String(serialized.stack)).toContain('logger.test');
  });
});

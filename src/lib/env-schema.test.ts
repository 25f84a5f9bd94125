import { describe, expect, it } from 'vitest';
import { envErrorOf } from '@/test/env-error';
import { z } from 'zod';
import { clientEnvWithDefaults } from '../env/client-defaults.ts';
import { parseClientEnv } from '../env/client-schema.ts';
import { EnvError, formatEnvIssues, parseEnv } from './env-schema.ts';

describe('parseEnv', () => {
  const schema = z.object({ PORT: z.coerce.number().int('must be a whole number'), NAME: z.string().min(2) });

  it('returns the parsed values', () => {
    expect(parseEnv(schema, { PORT: '3000', NAME: 'app', OTHER: 'kept out' }, {})).toEqual({
      PORT: 3000,
      NAME: 'app',
    });
  });

  it('reports each variable once, with its example or an ellipsis', () => {
    const error = envErrorOf(() => parseEnv(schema, { PORT: '1.5', NAME: 'a' }, { PORT: '3000' }));
    expect(error.issues).toEqual([
      { name: 'PORT', problem: 'must be a whole number', example: '3000' },
      { name: 'NAME', problem: expect.any(String), example: '…' },
    ]);
  });

  it('keeps only the first problem of a variable that breaks several rules', () => {
    const strict = z.object({
      CODE: z
        .string()
        .min(3, 'too short')
        .regex(/^[a-z]+$/, 'lower case only'),
    });
    const error = envErrorOf(() => parseEnv(strict, { CODE: 'A' }, { CODE: 'abc' }));
    expect(error.issues).toEqual([{ name: 'CODE', problem: 'too short', example: 'abc' }]);
    expect(error.message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(1);
  });

  it('treats empty strings as unset', () => {
    const error = envErrorOf(() => parseEnv(schema, { PORT: '', NAME: 'app' }, {}));
    expect(error.issues.map((i) => i.name)).toEqual(['PORT']);
  });
});

describe('EnvError', () => {
  it('is one readable block without a stack trace', () => {
    const error = new EnvError([{ name: 'A', problem: 'is wrong', example: '1' }]);
    expect(error.name).toBe('EnvError');
    expect(error.message).toBe(formatEnvIssues(error.issues));
    expect(error.message).toBe(
      'Invalid environment configuration:\n  - A: is wrong (example: A=1)\nSee .env.example for every variable.',
    );
    expect(error.message).not.toMatch(/^\s+at /m);
  });
});

describe('parseClientEnv', () => {
  it('has defaults for everything', () => {
    expect(parseClientEnv({})).toEqual({
      VITE_BASE_URL: 'http://localhost:3000',
      VITE_IS_DEMO: false,
      VITE_ENV_COLOR: 'plum',
    });
  });

  it('requires VITE_BASE_URL to be an http(s) URL', () => {
    expect(parseClientEnv({ VITE_BASE_URL: 'https://app.example.com' }).VITE_BASE_URL).toBe(
      'https://app.example.com',
    );
    for (const bad of ['not a url', 'ftp://files.example.com', 'javascript:alert(1)']) {
      const error = envErrorOf(() => parseClientEnv({ VITE_BASE_URL: bad }));
      expect(error.issues).toEqual([
        { name: 'VITE_BASE_URL', problem: 'must be a valid http(s) URL', example: 'http://localhost:3000' },
      ]);
    }
  });

  it("accepts only 'true' or 'false' for VITE_IS_DEMO and turns it into a boolean", () => {
    expect(parseClientEnv({ VITE_IS_DEMO: 'true' }).VITE_IS_DEMO).toBe(true);
    expect(parseClientEnv({ VITE_IS_DEMO: 'false' }).VITE_IS_DEMO).toBe(false);
    for (const bad of ['yes', '1', 'TRUE']) {
      const error = envErrorOf(() => parseClientEnv({ VITE_IS_DEMO: bad }));
      expect(error.message).toContain("VITE_IS_DEMO: must be 'true' or 'false'");
    }
  });

  it('accepts colour names and hex values only for VITE_ENV_COLOR', () => {
    expect(parseClientEnv({ VITE_ENV_COLOR: '#ff8800' }).VITE_ENV_COLOR).toBe('#ff8800');
    expect(parseClientEnv({ VITE_ENV_COLOR: 'teal' }).VITE_ENV_COLOR).toBe('teal');
    expect(() => parseClientEnv({ VITE_ENV_COLOR: 'red;background:url(x)' })).toThrow(EnvError);
  });

  it('reports several bad variables with one line each and no stack trace', () => {
    const error = envErrorOf(() => parseClientEnv({ VITE_BASE_URL: 'nope', VITE_IS_DEMO: 'yes' }));
    const lines = error.message.split('\n');
    expect(lines.filter((line) => line.startsWith('  - '))).toHaveLength(2);
    expect(error.message).not.toMatch(/^\s+at /m);
  });
});

describe('clientEnvWithDefaults (the browser side of parseClientEnv)', () => {
  it.each([
    {},
    { VITE_BASE_URL: 'https://app.example.com', VITE_IS_DEMO: 'true' },
    { VITE_IS_DEMO: 'false', VITE_ENV_NAME: 'Staging', VITE_ENV_EMOJI: '🚧', VITE_ENV_COLOR: '#ff8800' },
    { VITE_BASE_URL: '', VITE_IS_DEMO: '', VITE_ENV_NAME: '', VITE_ENV_COLOR: '' },
  ])('gives what parseClientEnv gives for the valid source %o', (source) => {
    expect(clientEnvWithDefaults(source)).toEqual(parseClientEnv(source));
  });
});

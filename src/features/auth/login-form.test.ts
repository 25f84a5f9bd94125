import { describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { checkLoginEmail } from './login-form';
import { zEmail } from './schema';

const longest = `${'a'.repeat(appConfig.limits.emailMax - '@example.com'.length)}@example.com`;

describe('checkLoginEmail agrees with zEmail', () => {
  it.each([
    'admin@admin.com',
    '  Admin@Example.COM  ',
    '',
    '   ',
    'admin',
    'admin@admin',
    'a b@c.com',
    'ad\u202Emin@example.com',
    'admin\u200B@example.com',
    longest,
    `a${longest}`,
    `  ${longest}  `,
  ])('%o', (value) => {
    const zod = zEmail.safeParse(value);
    expect(checkLoginEmail(value)).toEqual(
      zod.success ? { email: zod.data } : { error: zod.error.issues[0]?.message },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/i18n';
import { translateError } from '@/lib/translate-error';
import { formOutcomeOf } from './errors';

const i18n = createTestI18n();
const t = i18n.getFixedT('en', 'user');

describe('the refusals of admin limits', () => {
  it('have their own wording, never the server text', () => {
    for (const [code, text] of [
      [
        'YOU_CANNOT_CHANGE_A_PROTECTED_ADMIN',
        "This admin is protected by the server's settings: only they can make this change.",
      ],
      ['INVALID_ROLE', 'This role does not exist.'],
      ['VALIDATION_ERROR', 'Some information is invalid'],
    ] as const) {
      expect(translateError(t, { status: 400, code, message: 'server words' }, ['user:errors'])).toBe(text);
    }
  });

  it("mark the e-mail field when the address is another admin's", () => {
    const outcome = formOutcomeOf(t, { status: 403, code: 'YOU_CANNOT_CHANGE_ANOTHER_ADMINS_EMAIL' });
    expect(outcome).toEqual({
      status: 'fieldError',
      field: 'email',
      message: 'user:errors.YOU_CANNOT_CHANGE_ANOTHER_ADMINS_EMAIL',
    });
    if (outcome.status !== 'fieldError') return;
    // The field translates its message in the `auth` namespace; the key names its own.
    expect(i18n.getFixedT('en', 'auth')(outcome.message)).toBe(
      "You can't change another admin's e-mail. Only they can change it.",
    );
  });
});

import { describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { createTestI18n } from '@/test/i18n';
import { type AuditEntry, auditActions } from './schema';
import { sentenceCount, sentenceFacts, sentenceKey } from './sentence';

const entry = (action: AuditEntry['action'], metadata: AuditEntry['metadata'] = {}): AuditEntry => ({
  id: 'e',
  action,
  actor: { id: 'a', name: 'Ada' },
  actingAs: null,
  apiKey: null,
  targetType: 'user',
  targetId: 'u',
  targetLabel: 'Jane',
  metadata,
  organizationId: null,
  ip: null,
  createdAt: new Date(0).toISOString(),
});

/** The sentence as the export writes it: plain text, markup removed. */
function read(item: AuditEntry, language: (typeof appConfig.languages)[number] = 'en'): string {
  const { t } = createTestI18n(language);
  return t(sentenceKey(item), {
    ...sentenceFacts(item, t),
    actor: 'Ada',
    target: item.targetLabel ?? '',
    count: sentenceCount(item),
  }).replace(/<\/?[a-z]+>/g, '');
}

describe('audit sentences', () => {
  it('exist for every action and variant, in every language', () => {
    const variants: AuditEntry[] = [
      ...auditActions.map((action) => entry(action)),
      entry('account.sign-in', { newBrowser: true }),
      entry('account.sign-in', { signUp: true }),
      entry('account.sign-in-alerts', { enabled: true }),
    ];
    for (const language of appConfig.languages) {
      const i18n = createTestI18n(language);
      const missing = variants
        .map((item) => sentenceKey(item))
        .filter((key) => !i18n.exists(key, { count: 1 }) && !i18n.exists(key));
      expect(missing, language).toEqual([]);
    }
  });

  it('say how one signed in, and where from', () => {
    expect(read(entry('account.sign-in', { method: 'passkey', newBrowser: true }))).toBe(
      'Ada signed in with a passkey from a new browser',
    );
    expect(read(entry('account.sign-in', { method: 'code', newBrowser: false }))).toBe(
      'Ada signed in with a code by e-mail',
    );
    expect(read(entry('account.sign-in', { method: 'github', signUp: true }))).toBe(
      'Ada created their account with GitHub',
    );
    expect(read(entry('account.unlink-provider', { provider: 'google' }))).toBe(
      'Ada unlinked Google from their account',
    );
    expect(read(entry('account.sign-in-alerts', { enabled: false }))).toBe(
      'Ada turned off new sign-in alerts',
    );
    expect(read(entry('account.rename-passkey', { passkey: 'Work laptop' }))).toBe(
      'Ada renamed a passkey to "Work laptop"',
    );
  });

  it('sum wrong codes with the plural of their count', () => {
    expect(read(entry('account.codes-refused', { count: 1 }))).toBe('1 wrong code was entered for Jane');
    expect(read(entry('account.codes-refused', { count: 12 }))).toBe('12 wrong codes were entered for Jane');
    expect(read(entry('account.codes-refused', { count: 2 }), 'ar')).toBe('أُدخل رمزان خاطئان لـ Jane');
  });
});

import { describe, expect, it } from 'vitest';
import { renderNewSignInEmail } from './account-emails';

// The new sign-in notice as its recipient reads it, in their language.
const AT = new Date('2026-11-27T08:07:00Z');
const base = {
  to: 'ada@example.test',
  at: AT,
  browser: 'Firefox 128',
  os: 'Windows 10',
  ipAddress: '203.0.113.7',
  url: 'https://app.example.com/app/account',
};

describe('renderNewSignInEmail', () => {
  it('says when (in UTC, formatted for the language), which browser and system, which address, and links to the sessions', async () => {
    const mail = await renderNewSignInEmail({ ...base, lng: 'en' });
    expect(mail.subject).toMatch(/^New sign-in to your /);
    expect(mail.text).toContain('November 27, 2026');
    expect(mail.text).toContain('(UTC)');
    expect(mail.text).toContain('Firefox 128 on Windows 10');
    expect(mail.text).toContain('203.0.113.7');
    expect(mail.text).toContain('https://app.example.com/app/account');
    expect(mail.html).toContain('href="https://app.example.com/app/account"');
  });

  it('is French and right-to-left Arabic for those readers, and says "unknown" for what the session lacks', async () => {
    const fr = await renderNewSignInEmail({ ...base, lng: 'fr' });
    expect(fr.subject).toMatch(/^Nouvelle connexion à votre compte /);
    expect(fr.text).toContain('27 novembre 2026');
    expect(fr.text).toContain('Firefox 128 sur Windows 10');

    const ar = await renderNewSignInEmail({ ...base, lng: 'ar', browser: null, os: null, ipAddress: null });
    expect(ar.html).toContain('dir="rtl"');
    expect(ar.text).toContain('غير معروف');
    expect(ar.text).not.toContain('203.0.113.7');
  });
});

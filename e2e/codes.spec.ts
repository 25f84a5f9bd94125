// Sign-in codes tried as an attacker would, over HTTP and in the browser: routes the product never calls
// are not found, and a code works only in the browser that asked for it, so nobody else can burn it.
import { expect, test, waitForHydration } from './fixtures';
import { isSignInNotice, waitForCode, waitForMail } from './support/mail';
import { newEmail } from './support/session';
import { en } from './support/text';

const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;
const clientAddress = () =>
  `10.${(Date.now() >> 8) & 255}.${Date.now() & 255}.${1 + Math.floor(Math.random() * 250)}`;

test('better-auth routes the product never calls answer 404 and mail nothing', async ({ request }) => {
  const since = Date.now();
  const email = 'admin@example.com';
  const headers = { origin, 'x-forwarded-for': clientAddress() };
  for (const path of [
    '/email-otp/request-password-reset',
    '/forget-password/email-otp',
    '/email-otp/check-verification-otp',
    '/email-otp/verify-email',
    '/update-session',
    '/link-social',
    '/refresh-token',
    '/get-access-token',
  ]) {
    const answer = await request.post(`${origin}/api/auth${path}`, { headers, data: { email } });
    expect(answer.status(), path).toBe(404);
    expect(await answer.json(), path).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  }
  for (const path of ['/list-sessions', '/admin/list-user-sessions', '/ok']) {
    expect((await request.get(`${origin}/api/auth${path}`, { headers })).status(), path).toBe(404);
  }
  await expect(waitForMail(email, since, 1_500, (mail) => !isSignInNotice(mail))).rejects.toThrow(
    /No e-mail/,
  );
});

test('a code works only in the browser that asked for it', async ({ page, browser }) => {
  const email = newEmail('bound');
  await page.goto('/login');
  await waitForHydration(page);
  const since = Date.now();
  await page.getByRole('textbox', { name: en('auth:login.email.label') }).fill(email);
  await page.getByRole('button', { name: en('auth:login.submitSignUp') }).click();
  await expect(page).toHaveURL(/\/login\/verify\?/);
  await waitForHydration(page);
  const code = await waitForCode(email, since);

  // The browser's binding cookie: readable by no script, sent only to the auth routes, never with a
  // cross-site POST (Lax: a provider's return leg carries it).
  const binding = (await page.context().cookies()).find((cookie) => cookie.name.endsWith('code_binding'));
  expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });

  // Someone else, in another browser, types the right code and then wrong ones: all refused, nothing spent.
  const other = await browser.newContext();
  try {
    const stranger = await other.newPage();
    await stranger.goto(`/login/verify?email=${encodeURIComponent(email)}`);
    await waitForHydration(stranger);
    // More tries than a code allows: each is answered as a wrong code, none as "too many tries".
    for (const guess of [code, '000000', '111111', '222222']) {
      const field = stranger.getByRole('textbox', { name: en('auth:verify.code.label') });
      await field.fill('');
      const answer = stranger.waitForResponse((response) => response.url().endsWith('/sign-in/email-otp'));
      await field.pressSequentially(guess);
      expect(await (await answer).json()).toMatchObject({ code: 'INVALID_OTP' });
      await expect(stranger.getByText(en('auth:errors.INVALID_OTP'))).toBeVisible();
    }
    await expect(stranger).toHaveURL(/\/login\/verify\?/);
  } finally {
    await other.close();
  }

  await page.getByRole('textbox', { name: en('auth:verify.code.label') }).pressSequentially(code);
  await expect(page.getByRole('heading', { level: 1, name: en('auth:onboarding.title') })).toBeVisible();
});

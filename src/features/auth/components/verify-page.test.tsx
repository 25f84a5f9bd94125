import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '~/app.config';
import { renderRouter } from '@/test/render';
import { authKeys } from '../queries';
import type { AuthConfig, SessionInfo } from '../schema';
import { VerifyPage } from './verify-page';

const { authRequest, getSession } = vi.hoisted(() => ({ authRequest: vi.fn(), getSession: vi.fn() }));
vi.mock('@/features/auth/client', () => ({ authRequest }));
vi.mock('@/features/auth/functions', () => ({
  $getSession: getSession,
  $getAuthConfig: vi.fn(),
  $completeOnboarding: vi.fn(),
}));

// jsdom has no layout: the router's scroll restoration and input-otp's password-manager probe get stubs.
window.scrollTo = () => {};
document.elementFromPoint = () => null;

const config: AuthConfig = {
  signUpEnabled: false,
  demo: false,
  development: false,
  devInboxUrl: null,
  providers: [],
  billing: false,
};

function sessionOf(role: string): SessionInfo {
  return {
    user: {
      id: 'u1',
      name: 'Ada',
      email: 'ada@example.com',
      emailVerified: true,
      image: null,
      role,
      onboardedAt: '2026-01-01T00:00:00.000Z',
    },
    session: { id: 's1', impersonatedBy: null, activeOrganizationId: null },
  };
}

function renderVerify(redirect = '', overrides: Partial<AuthConfig> = {}, error?: string) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(authKeys.config, { ...config, ...overrides });
  const rootRoute = createRootRoute();
  const verifyRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/login/verify',
    component: () => <VerifyPage email="ada@example.com" redirect={redirect} error={error} />,
  });
  const landing = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: function Landing() {
      const params: { _splat?: string } = landing.useParams();
      return <p>landed on {params._splat}</p>;
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([verifyRoute, landing]),
    history: createMemoryHistory({ initialEntries: ['/login/verify'] }),
  });
  renderRouter(router, queryClient);
}

const codeField = () => screen.getByRole('textbox', { name: 'Code' });

const { otpLength, otpExpiryMinutes } = appConfig.auth;
/** A code of the configured length (the server's answer is mocked, so any digits do). */
const fullCode = '1234567890'.repeat(2).slice(0, otpLength);

let user: UserEvent;

/** Types a whole code into the field once the page is there. */
async function typeCode() {
  await user.type(await screen.findByRole('textbox', { name: 'Code' }), fullCode);
}

describe('VerifyPage', () => {
  beforeEach(() => {
    authRequest.mockReset();
    getSession.mockReset();
    user = userEvent.setup();
  });

  it('shows the address, the expiry and a resend button that waits', async () => {
    renderVerify();
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
    expect(screen.getByText('ada@example.com')).toBeVisible();
    expect(screen.getByText(`The code expires in ${otpExpiryMinutes} minutes`)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resend code in 30 seconds' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Change e-mail' })).toHaveAttribute('href', '/login');
  });

  it('keeps the redirect when going back to change the address', async () => {
    renderVerify('/app/repositories');
    expect(await screen.findByRole('link', { name: 'Change e-mail' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fapp%2Frepositories',
    );
  });

  it('has its own wording when sign-up is on', async () => {
    renderVerify('', { signUpEnabled: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeVisible();
  });

  it('checks the code before sending it', async () => {
    renderVerify();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Code is required')).toBeVisible();
    await user.type(codeField(), fullCode.slice(0, -1));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(`Code should be ${otpLength} characters`)).toBeVisible();
    expect(authRequest).not.toHaveBeenCalled();
  });

  it('submits by itself on the last digit and goes to the requested page', async () => {
    authRequest.mockResolvedValue({ data: { token: 't' }, error: null });
    getSession.mockResolvedValue(sessionOf('user'));
    renderVerify('/app/repositories?x=1');
    await typeCode();
    expect(await screen.findByText('landed on app/repositories')).toBeVisible();
    expect(authRequest).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['', 'admin', 'manager/dashboard'],
    ['', 'user', 'app'],
    ['//evil.example', 'user', 'app'],
  ])('with redirect %o a signed-in %s lands on /%s', async (redirect, role, landing) => {
    authRequest.mockResolvedValue({ data: { token: 't' }, error: null });
    getSession.mockResolvedValue(sessionOf(role));
    renderVerify(redirect);
    await typeCode();
    expect(await screen.findByText(`landed on ${landing}`)).toBeVisible();
  });

  it.each([
    ['INVALID_OTP', 'Code is invalid'],
    ['OTP_EXPIRED', 'The code has expired, request a new one'],
    ['TOO_MANY_ATTEMPTS', 'Too many attempts with this code, request a new one'],
  ])('puts %s on the field and empties it for the next try', async (code, message) => {
    authRequest.mockResolvedValue({ data: null, error: { status: 400, code } });
    renderVerify();
    await typeCode();
    expect(await screen.findByText(message)).toBeVisible();
    await waitFor(() => expect(codeField()).toHaveValue(''));
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('posts as a plain form to the server before hydration, with the address and where to go after', async () => {
    renderVerify('/app/repositories');
    const form = (await screen.findByRole('button', { name: 'Confirm' })).closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/auth/form/code');
    expect(form).toHaveFormValues({ email: 'ada@example.com', redirect: '/app/repositories', otp: '' });
  });

  it('shows the refusal a form posted without JavaScript came back with', async () => {
    renderVerify('', {}, 'INVALID_OTP');
    expect((await screen.findByRole('alert')).textContent).toBe('Code is invalid');
  });

  it('shows a ban above the button', async () => {
    authRequest.mockResolvedValue({ data: null, error: { status: 403, code: 'BANNED_USER' } });
    renderVerify();
    await typeCode();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('You have been banned from this application'),
    );
  });
});

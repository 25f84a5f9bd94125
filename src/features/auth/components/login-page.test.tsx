import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '~/app.config';
import { renderRouter } from '@/test/render';
import { authKeys } from '../queries';
import type { AuthConfig } from '../schema';
import { LoginPage } from './login-page';

const { authRequest } = vi.hoisted(() => ({ authRequest: vi.fn() }));
vi.mock('@/features/auth/client', () => ({ authRequest }));
// The server functions never run here: the page reads the config from the cache.
vi.mock('@/features/auth/functions', () => ({
  $getSession: vi.fn(),
  $getAuthConfig: vi.fn(),
  $completeOnboarding: vi.fn(),
}));

const baseConfig: AuthConfig = {
  signUpEnabled: false,
  demo: false,
  development: false,
  devInboxUrl: null,
  providers: [],
  billing: false,
};

function renderLogin(config: Partial<AuthConfig> = {}, redirect = '', email?: string, error?: string) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(authKeys.config, { ...baseConfig, ...config });
  const rootRoute = createRootRoute();
  const loginRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/login',
    component: () => <LoginPage redirect={redirect} email={email} error={error} />,
  });
  const verifyRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/login/verify',
    component: function Verify() {
      return <p>verify {JSON.stringify(verifyRoute.useSearch())}</p>;
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([loginRoute, verifyRoute]),
    history: createMemoryHistory({ initialEntries: ['/login'] }),
  });
  renderRouter(router, queryClient);
}

// TanStack Router restores the scroll position after navigating; jsdom has no scrolling.
window.scrollTo = () => {};

const emailField = () => screen.getByRole('textbox', { name: 'Email' });

let user: UserEvent;

describe('LoginPage', () => {
  beforeEach(() => {
    authRequest.mockReset();
    user = userEvent.setup();
  });

  it('uses the login wording, with a passkey button after the separator and no hint', async () => {
    renderLogin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Login with email' })).toBeEnabled();
    expect(screen.getByText('OR')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Login with a passkey' })).toBeEnabled();
    // The browser may suggest passkeys on the address field.
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'email webauthn');
    expect(screen.queryByText('Development mode')).not.toBeInTheDocument();
  });

  it('offers no passkey in the demo: no separator when there is nothing else', async () => {
    renderLogin({ demo: true });
    expect(await screen.findByRole('button', { name: 'Login with email' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Login with a passkey' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'email');
    expect(screen.queryByText('OR')).not.toBeInTheDocument();
  });

  it('uses the combined wording when sign-up is on, with one button per provider', async () => {
    renderLogin({
      signUpEnabled: true,
      providers: [
        { id: 'github', name: 'GitHub', kind: 'social' },
        { id: 'oidc', name: 'Company SSO', kind: 'oidc' },
      ],
    });
    expect(await screen.findByRole('button', { name: 'Continue with email' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue with Company SSO' })).toBeVisible();
    expect(screen.getByText('OR')).toBeVisible();
  });

  it('explains a missing or malformed address on the field', async () => {
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Login with email' }));
    expect(await screen.findByText('Email is required')).toBeVisible();
    const field = emailField();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Email is required');

    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Login with email' }));
    expect(await screen.findByText('Email is invalid')).toBeVisible();
    expect(field).toHaveAccessibleDescription('Email is invalid');
    expect(authRequest).not.toHaveBeenCalled();
  });

  it('checks only on submit at first, then on every change, with the field focused when wrong', async () => {
    renderLogin();
    const field = await screen.findByRole('textbox', { name: 'Email' });
    await user.type(field, 'not-an-address');
    expect(screen.queryByText('Email is invalid')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login with email' }));
    expect(await screen.findByText('Email is invalid')).toBeVisible();
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'someone@example.com');
    await waitFor(() => expect(screen.queryByText('Email is invalid')).not.toBeInTheDocument());
    expect(field).toHaveAttribute('aria-invalid', 'false');
    await user.clear(field);
    expect(await screen.findByText('Email is required')).toBeVisible();
    expect(authRequest).not.toHaveBeenCalled();
  });

  it('disables the button while the code is being sent', async () => {
    let answer: (value: unknown) => void = () => {};
    authRequest.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'someone@example.com');
    const button = screen.getByRole('button', { name: 'Login with email' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    answer({ data: { success: true }, error: null });
    expect(await screen.findByText(/^verify /)).toBeVisible();
    expect(authRequest).toHaveBeenCalledTimes(1);
  });

  it('sends the trimmed, lower-cased address and opens the verify screen with the redirect', async () => {
    authRequest.mockResolvedValue({ data: { success: true }, error: null });
    renderLogin({}, '/app/repositories');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), '  Someone@Example.COM ');
    await user.click(screen.getByRole('button', { name: 'Login with email' }));
    expect(
      await screen.findByText('verify {"email":"someone@example.com","redirect":"/app/repositories"}'),
    ).toBeVisible();
  });

  it('starts from the address it is given (an invitation page sends its own), which stays editable', async () => {
    authRequest.mockResolvedValue({ data: { success: true }, error: null });
    renderLogin({}, '/invitations/abc', 'invited@example.com');
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('invited@example.com');
    await user.click(screen.getByRole('button', { name: 'Login with email' }));
    expect(
      await screen.findByText('verify {"email":"invited@example.com","redirect":"/invitations/abc"}'),
    ).toBeVisible();
  });

  it.each([
    [
      { status: 429, code: 'TOO_MANY_REQUESTS', retryAfter: 42 },
      'Too many attempts, try again in 42 seconds',
    ],
    [{ status: 503, code: 'EMAIL_NOT_SENT' }, "We couldn't send the code, please try again"],
    [{ status: 500, message: 'raw library text' }, 'Something went wrong'],
  ])('shows %o as a translated alert and keeps what was typed', async (error, message) => {
    authRequest.mockResolvedValue({ data: null, error });
    renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Login with email' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(emailField()).toHaveValue('someone@example.com');
    expect(screen.queryByText('raw library text')).not.toBeInTheDocument();
  });

  it('posts as a plain form to the server before hydration, with where to go after', async () => {
    renderLogin({}, '/app/repositories');
    const form = (await screen.findByRole('button', { name: 'Login with email' })).closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/auth/form/email');
    expect(form).toHaveFormValues({ email: '', redirect: '/app/repositories' });
  });

  it('shows the refusal a form posted without JavaScript came back with, keeping the address', async () => {
    renderLogin({}, '', 'someone@example.com', 'EMAIL_NOT_SENT');
    expect((await screen.findByRole('alert')).textContent).toBe(
      "We couldn't send the code, please try again",
    );
    expect(emailField()).toHaveValue('someone@example.com');
  });

  it.each([
    ['', 'Email is required'],
    ['not-an-address', 'Email is invalid'],
  ])(
    'shows why the address %o a form posted without JavaScript sent was refused, on the field',
    async (email, message) => {
      renderLogin({}, '', email, 'INVALID_EMAIL');
      const field = await screen.findByRole('textbox', { name: 'Email' });
      expect(field).toHaveAccessibleDescription(message);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('fills a sample account in one click in development', async () => {
    const { adminEmail } = appConfig.seed;
    renderLogin({ development: true, devInboxUrl: 'http://127.0.0.1:1080' });
    await user.click(await screen.findByRole('button', { name: `Use ${adminEmail}` }));
    await waitFor(() => expect(emailField()).toHaveValue(adminEmail));
    expect(screen.getByRole('link', { name: 'Open the development inbox to read the code' })).toHaveAttribute(
      'href',
      'http://127.0.0.1:1080',
    );
    expect(screen.queryByText(/The code is always/)).not.toBeInTheDocument();
  });

  it('gives the demo code in demo mode', async () => {
    renderLogin({ demo: true });
    expect(await screen.findByText(`The code is always ${appConfig.auth.demoCode}`)).toBeVisible();
  });
});

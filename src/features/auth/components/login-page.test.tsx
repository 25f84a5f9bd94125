import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRouter } from '@/test/render';
import { authKeys } from '../queries';
import type { AuthConfig } from '../schema';
import { LoginPage } from './login-page';

const { authRequest } = vi.hoisted(() => ({ authRequest: vi.fn() }));
vi.mock('@/lib/auth-client', () => ({ authRequest }));
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
};

function renderLogin(config: Partial<AuthConfig> = {}, redirect = '') {
  const queryClient = new QueryClient();
  queryClient.setQueryData(authKeys.config, { ...baseConfig, ...config });
  const rootRoute = createRootRoute();
  const loginRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/login',
    component: () => <LoginPage redirect={redirect} />,
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

describe('LoginPage', () => {
  beforeEach(() => authRequest.mockReset());

  it('uses the login wording, with no separator and no hint when there is nothing else', async () => {
    renderLogin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login with email' })).toBeTruthy();
    expect(screen.queryByText('OR')).toBeNull();
    expect(screen.queryByText('Development mode')).toBeNull();
  });

  it('uses the combined wording when sign-up is on, with one button per provider', async () => {
    renderLogin({
      signUpEnabled: true,
      providers: [
        { id: 'github', name: 'GitHub', kind: 'social' },
        { id: 'oidc', name: 'Company SSO', kind: 'oidc' },
      ],
    });
    expect(await screen.findByRole('button', { name: 'Continue with email' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Company SSO' })).toBeTruthy();
    expect(screen.getByText('OR')).toBeTruthy();
  });

  it('explains a missing or malformed address on the field', async () => {
    renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Login with email' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    const field = emailField();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Email is required');

    fireEvent.change(field, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login with email' }));
    expect(await screen.findByText('Email is invalid')).toBeTruthy();
    expect(authRequest).not.toHaveBeenCalled();
  });

  it('checks only on submit at first, then on every change, with the field focused when wrong', async () => {
    renderLogin();
    const field = await screen.findByRole('textbox', { name: 'Email' });
    fireEvent.change(field, { target: { value: 'not-an-address' } });
    expect(screen.queryByText('Email is invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Login with email' }));
    expect(await screen.findByText('Email is invalid')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'someone@example.com' } });
    await waitFor(() => expect(screen.queryByText('Email is invalid')).toBeNull());
    expect(field.getAttribute('aria-invalid')).toBe('false');
    fireEvent.change(field, { target: { value: '' } });
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(authRequest).not.toHaveBeenCalled();
  });

  it('disables the button while the code is being sent', async () => {
    let answer: (value: unknown) => void = () => {};
    authRequest.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderLogin();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
      target: { value: 'someone@example.com' },
    });
    const button = screen.getByRole('button', { name: 'Login with email' });
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    answer({ data: { success: true }, error: null });
    expect(await screen.findByText(/^verify /)).toBeTruthy();
    expect(authRequest).toHaveBeenCalledTimes(1);
  });

  it('sends the trimmed, lower-cased address and opens the verify screen with the redirect', async () => {
    authRequest.mockResolvedValue({ data: { success: true }, error: null });
    renderLogin({}, '/app/repositories');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
      target: { value: '  Someone@Example.COM ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Login with email' }));
    expect(await screen.findByText(/^verify /)).toBeTruthy();
    expect(screen.getByText(/^verify /).textContent).toBe(
      'verify {"email":"someone@example.com","redirect":"/app/repositories"}',
    );
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
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
      target: { value: 'someone@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Login with email' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect((emailField() as HTMLInputElement).value).toBe('someone@example.com');
    expect(screen.queryByText('raw library text')).toBeNull();
  });

  it('fills a sample account in one click in development', async () => {
    renderLogin({ development: true, devInboxUrl: 'http://127.0.0.1:1080' });
    fireEvent.click(await screen.findByRole('button', { name: 'Use admin@example.com' }));
    await waitFor(() => expect((emailField() as HTMLInputElement).value).toBe('admin@example.com'));
    expect(
      screen.getByRole('link', { name: 'Open the development inbox to read the code' }).getAttribute('href'),
    ).toBe('http://127.0.0.1:1080');
    expect(screen.queryByText(/The code is always/)).toBeNull();
  });

  it('gives the demo code in demo mode', async () => {
    renderLogin({ demo: true });
    expect(await screen.findByText('The code is always 000000')).toBeTruthy();
  });
});

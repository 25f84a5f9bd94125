import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { authRequest } from '@/lib/auth-client';
import { AppError } from '@/lib/errors';
import { createTestI18n } from '@/test/i18n';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewport } from '@/test/viewport';
import { demoDialog } from '../store';
import { DemoDialog } from './demo-dialog';

/** A button whose mutation fails the way a server function refused by the server does. */
function Action({ error }: { error: Error }) {
  const mutation = useMutation({
    mutationFn: async () => {
      throw error;
    },
  });
  return (
    <>
      <button type="button" onClick={() => mutation.mutate()}>
        Save
      </button>
      {mutation.isError ? <p>Failed</p> : null}
    </>
  );
}

function renderPage(error: Error = new AppError('DEMO_MODE')) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createTestI18n()}>
        <Action error={error} />
        <DemoDialog />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('DemoDialog', () => {
  afterEach(() => act(() => demoDialog.close()));

  it('is closed, opens when a mutation is refused with DEMO_MODE, and closes with Close', async () => {
    stubViewport(DESKTOP_WIDTH);
    renderPage();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Read-only demo' });
    expect(dialog.textContent).toContain('This is a read-only demo, this action is disabled.');
    expect(dialog.textContent).toContain(appConfig.demo.scaffoldCommand);
    expect(screen.getByRole('link', { name: 'Read the README' }).getAttribute('href')).toBe(
      appConfig.demo.readmeUrl,
    );
    expect(screen.getByRole('link', { name: appConfig.demo.contactEmail }).getAttribute('href')).toBe(
      `mailto:${appConfig.demo.contactEmail}`,
    );
    expect(dialog.textContent).toContain(`Made by ${appConfig.demo.makers}.`);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('also opens as a bottom drawer on a narrow screen', async () => {
    stubViewport(PHONE_WIDTH);
    renderPage(new Error('DEMO_MODE'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Read-only demo' })).toBeTruthy();
  });

  it('stays closed for any other failure', async () => {
    stubViewport(DESKTOP_WIDTH);
    renderPage(new AppError('FORBIDDEN'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Failed');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens when an auth call is refused with DEMO_MODE', async () => {
    stubViewport(DESKTOP_WIDTH);
    renderPage();
    const refused = async () =>
      Response.json({ code: 'DEMO_MODE', message: 'This is a read-only demo' }, { status: 403 });
    await act(() =>
      authRequest((client, fetchOptions) =>
        client.updateUser({
          name: 'Renamed',
          fetchOptions: { ...fetchOptions, customFetchImpl: refused, baseURL: 'http://localhost/api/auth' },
        }),
      ),
    );
    expect(await screen.findByRole('dialog', { name: 'Read-only demo' })).toBeTruthy();
  });
});

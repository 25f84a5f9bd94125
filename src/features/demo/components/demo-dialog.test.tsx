import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { authRequest } from '@/features/auth/client';
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
    const user = userEvent.setup();
    renderPage();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Read-only demo' });
    expect(dialog).toHaveTextContent('This is a read-only demo, this action is disabled.');
    expect(dialog).toHaveTextContent(appConfig.demo.scaffoldCommand);
    expect(screen.getByRole('link', { name: 'Read the README' })).toHaveAttribute(
      'href',
      appConfig.demo.readmeUrl,
    );
    expect(screen.getByRole('link', { name: appConfig.demo.contactEmail })).toHaveAttribute(
      'href',
      `mailto:${appConfig.demo.contactEmail}`,
    );
    expect(dialog).toHaveTextContent(`Made by ${appConfig.demo.makers}.`);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('also opens as a bottom drawer on a narrow screen', async () => {
    stubViewport(PHONE_WIDTH);
    const user = userEvent.setup();
    renderPage(new Error('DEMO_MODE'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const drawer = await screen.findByRole('dialog', { name: 'Read-only demo' });
    expect(drawer).toHaveAttribute('data-vaul-drawer-direction', 'bottom');
    expect(drawer).toHaveTextContent('This is a read-only demo, this action is disabled.');
  });

  it('stays closed for any other failure', async () => {
    stubViewport(DESKTOP_WIDTH);
    const user = userEvent.setup();
    renderPage(new AppError('FORBIDDEN'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
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
    expect(await screen.findByRole('dialog', { name: 'Read-only demo' })).toHaveTextContent(
      'This is a read-only demo, this action is disabled.',
    );
  });
});

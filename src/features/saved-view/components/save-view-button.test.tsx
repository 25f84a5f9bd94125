import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '~/app.config';
import { AppError } from '@/lib/errors';
import { createTestI18n } from '@/test/i18n';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import { SaveViewButton } from './save-view-button';

const { saveView, toast } = vi.hoisted(() => ({
  saveView: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock('../functions', () => ({
  $saveView: saveView,
  $listSavedViews: vi.fn().mockResolvedValue([]),
  $renameSavedView: vi.fn(),
  $deleteSavedView: vi.fn(),
}));
vi.mock('@/components/ui/toast', () => ({ toast }));

// The centred dialog (≥ 640 px); the drawer shares the same form.
stubViewport(DESKTOP_WIDTH);

function renderButton(search: Record<string, unknown>) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createTestI18n()}>
        <SaveViewButton list="users" search={search} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

let user: UserEvent;
const nameField = () => screen.getByRole('textbox', { name: 'Name' });
const submit = () => user.click(screen.getByRole('button', { name: 'Save' }));

/** Opens the dialog and waits for its form, which is fetched when the dialog first opens. */
async function openDialog() {
  await user.click(screen.getByRole('button', { name: 'Save view' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save view' });
  await screen.findByRole('textbox', { name: 'Name' });
  return dialog;
}

describe('SaveViewButton', () => {
  beforeEach(() => {
    saveView.mockReset();
    toast.success.mockReset();
    user = userEvent.setup();
  });

  it('is not offered for the list as it opens (its defaults)', () => {
    renderButton({ searchTerm: '', role: '', status: '', sort: 'created', order: 'desc' });
    expect(screen.queryByRole('button', { name: 'Save view' })).not.toBeInTheDocument();
  });

  it('suggests a name from the filters and saves the view without its defaults', async () => {
    saveView.mockImplementation(({ data }: { data: { name: string } }) =>
      Promise.resolve({ id: 'v1', list: 'users', name: data.name, search: { status: 'banned' } }),
    );
    renderButton({ searchTerm: 'ada', role: '', status: 'banned', sort: 'created', order: 'desc' });
    await openDialog();
    expect(nameField()).toHaveValue('Banned · "ada"');

    await user.clear(nameField());
    await user.type(nameField(), 'Banned Adas');
    await submit();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('View "Banned Adas" saved'));
    expect(saveView).toHaveBeenCalledWith({
      data: { list: 'users', name: 'Banned Adas', search: { searchTerm: 'ada', status: 'banned' } },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a taken name under the field and keeps what was typed', async () => {
    saveView.mockRejectedValue(new AppError('CONFLICT', 'name'));
    renderButton({ role: 'admin' });
    await openDialog();
    await user.clear(nameField());
    await user.type(nameField(), 'My admins');
    await submit();

    expect(await screen.findByText('You already have a view of this list with this name')).toBeVisible();
    expect(nameField()).toHaveValue('My admins');
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Save view' })).toBeVisible();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('says how many views an admin may keep when the limit is reached', async () => {
    saveView.mockRejectedValue(new AppError('SAVED_VIEW_LIMIT'));
    renderButton({ role: 'admin' });
    await openDialog();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      `You can keep at most ${appConfig.limits.savedViewsPerUser} saved views. Delete one to save another.`,
    );
    expect(nameField()).toHaveValue('Admin');
  });

  it('checks the name before calling the server', async () => {
    renderButton({ role: 'admin' });
    await openDialog();
    await user.clear(nameField());
    await submit();
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(saveView).not.toHaveBeenCalled();
  });
});

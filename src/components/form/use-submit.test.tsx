import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';
import { createTestI18n } from '@/test/i18n';
import { InputField } from './fields';
import { FormAlert } from './form-alert';
import { type SubmitOptions, useSubmit } from './use-submit';

const { toast } = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('@/components/ui/toast', () => ({ toast }));

type Values = { name: string; slug: string };

/** A refusal from an auth call, as authRequest throws it. */
const authFailure = (code: string) => Object.assign(new Error('raw library text'), { status: 400, code });

/**
 * A dialog's form as the product writes one: two fields, the alert above the button, and the hook's tail
 * around `action`. `events` records, in order, what the hook told the caller.
 */
function TestForm({
  action,
  options,
  events,
}: {
  action: (values: Values) => Promise<string>;
  options: Omit<SubmitOptions<Values>, 'form' | 'onBusyChange'>;
  events: string[];
}) {
  const form = useForm<Values>({ defaultValues: { name: 'Ada', slug: 'ada' } });
  const { formError, run } = useSubmit<Values>({
    ...options,
    form,
    onBusyChange: (busy) => events.push(busy ? 'busy' : 'idle'),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const ok = await run(
      () => action(values),
      (result) => events.push(`success ${result}`),
    );
    events.push(ok ? 'resolved true' : 'resolved false');
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <InputField control={form.control} name="name" ns="auth" label="Name" />
      <InputField control={form.control} name="slug" ns="auth" label="Slug" />
      <FormAlert message={formError} />
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(action: (values: Values) => Promise<string>, options: TestFormOptions = {}) {
  const events: string[] = [];
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <TestForm action={action} options={options} events={events} />
    </I18nextProvider>,
  );
  return events;
}
type TestFormOptions = Omit<SubmitOptions<Values>, 'form' | 'onBusyChange'>;

const field = (name: 'Name' | 'Slug') => screen.getByRole('textbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('useSubmit', () => {
  beforeEach(() => {
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it('runs the call with the values, is busy while it runs, then hands the result to onSuccess', async () => {
    const action = vi.fn(async (values: Values) => `saved ${values.name}`);
    const events = renderForm(action);
    await userEvent.clear(field('Name'));
    await userEvent.type(field('Name'), 'Grace');
    await save();
    await waitFor(() => expect(events).toContain('resolved true'));
    expect(action).toHaveBeenCalledWith({ name: 'Grace', slug: 'ada' });
    // Busy ends before the success tail runs (it may close the dialog, which a busy dialog refuses).
    expect(events).toEqual(['busy', 'idle', 'success saved Grace', 'resolved true']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("puts an auth call's refusal on its field, with the focus, and keeps what was typed", async () => {
    const events = renderForm(() => Promise.reject(authFailure('INVALID_ORGANIZATION_SLUG')), {
      fields: { INVALID_ORGANIZATION_SLUG: ['slug', 'errors.INVALID_EMAIL'] },
      show: 'alert',
    });
    await userEvent.clear(field('Slug'));
    await userEvent.type(field('Slug'), 'a b');
    await save();
    expect(await screen.findByText('Email is invalid')).toBeVisible();
    expect(field('Slug')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Slug')).toHaveFocus();
    expect(field('Slug')).toHaveValue('a b');
    expect(field('Name')).toHaveValue('Ada');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(events).toEqual(['busy', 'idle', 'resolved false']);
  });

  it("puts a server function's CODE:field refusal on that field, before a rule for the bare code", async () => {
    renderForm(() => Promise.reject(new AppError('CONFLICT', 'name')), {
      fields: { CONFLICT: ['slug', 'errors.INVALID_EMAIL'], 'CONFLICT:name': ['name', 'errors.INVALID_OTP'] },
      show: 'alert',
    });
    await save();
    expect(await screen.findByText('Code is invalid')).toBeVisible();
    expect(field('Name')).toHaveFocus();
    expect(field('Slug')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows any other refusal translated above the buttons, never library text, and clears it on the next try', async () => {
    const action = vi
      .fn<(values: Values) => Promise<string>>()
      .mockRejectedValueOnce(authFailure('NETWORK_ERROR'))
      .mockResolvedValueOnce('ok');
    renderForm(action, { fields: { INVALID_NAME: ['name', 'errors.INVALID_EMAIL'] }, show: 'alert' });
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not reach the server, check your connection and try again',
    );
    expect(screen.queryByText('raw library text')).not.toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();

    await save();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("looks the code up in the caller's scopes first", async () => {
    renderForm(() => Promise.reject(authFailure('LAST_ADMIN')), { scopes: ['user:errors'], show: 'alert' });
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This is the only admin. Make another user an admin first.',
    );
  });

  it('shows the refusal as an error toast unless told to use the alert, and nothing for the demo', async () => {
    const action = vi
      .fn<(values: Values) => Promise<string>>()
      .mockRejectedValueOnce(authFailure('LAST_ADMIN'))
      .mockRejectedValueOnce(new AppError('DEMO_MODE'));
    const events = renderForm(action, { scopes: ['user:errors'] });
    await save();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('This is the only admin. Make another user an admin first.'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await save();
    await waitFor(() => expect(events.filter((event) => event === 'resolved false')).toHaveLength(2));
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('lets the caller handle a refusal first, or word the message, and runs no success tail', async () => {
    const handle = vi.fn((error: unknown) => error instanceof AppError && error.code === 'GONE');
    const message = vi.fn(() => 'Worded by the caller');
    const action = vi
      .fn<(values: Values) => Promise<string>>()
      .mockRejectedValueOnce(new AppError('GONE'))
      .mockRejectedValueOnce(new AppError('CONFLICT'));
    const events = renderForm(action, { handle, message, show: 'alert' });
    await save();
    await waitFor(() => expect(events).toContain('resolved false'));
    expect(message).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await save();
    expect((await screen.findByRole('alert')).textContent).toBe('Worded by the caller');
    expect(events.some((event) => event.startsWith('success'))).toBe(false);
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { createTestI18n } from '@/test/i18n';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import { InputField } from './fields';
import { FormDialog, type FormDialogControls } from './form-dialog';
import { FormWithActions } from './form-with-actions';
import { useSubmit } from './use-submit';

stubViewport(DESKTOP_WIDTH);

/** A dialog's form as the product writes one: a field, useSubmit's tail, FormWithActions. */
function NameForm({ save, onBusyChange, onClose }: { save: () => Promise<unknown> } & FormDialogControls) {
  const form = useForm({ defaultValues: { name: 'Ada' } });
  const { formError, run } = useSubmit({ show: 'alert', onBusyChange });
  const onSubmit = form.handleSubmit(() => run(save, onClose));
  return (
    <FormWithActions
      onSubmit={onSubmit}
      error={formError}
      cancelLabel="Cancel"
      onCancel={onClose}
      submitLabel="Save"
      submitting={form.formState.isSubmitting}
    >
      <InputField control={form.control} name="name" ns="auth" label="Name" />
    </FormWithActions>
  );
}

function renderDialog(
  save: () => Promise<unknown>,
  props: { open?: boolean; onOpenChange?: () => void } = {},
) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <FormDialog title="Rename" trigger={<Button>Rename</Button>} {...props}>
        {(controls) => <NameForm save={save} {...controls} />}
      </FormDialog>
    </I18nextProvider>,
  );
}

describe('FormDialog', () => {
  it('opens from its trigger on a fresh form, and Cancel closes it', async () => {
    const user = userEvent.setup();
    renderDialog(vi.fn());
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const field = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(field);
    await user.type(field, 'Grace');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Ada');
  });

  it('stays open while the call runs (Escape does nothing), then the form closes it', async () => {
    const user = userEvent.setup();
    let finish = () => {};
    renderDialog(() => new Promise<void>((resolve) => (finish = resolve)));
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Rename' })).toBeVisible();
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays open on a refusal, with the reason above the buttons and what was typed; Escape closes it then', async () => {
    const user = userEvent.setup();
    renderDialog(() => Promise.reject(Object.assign(new Error('raw'), { code: 'NETWORK_ERROR' })));
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const field = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(field, ' Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not reach the server, check your connection and try again',
    );
    expect(field).toHaveValue('Ada Lovelace');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('leaves open or closed to the caller when it gives `open`', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderDialog(vi.fn(), { open: true, onOpenChange });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // Still open: the caller has not closed it.
    expect(screen.getByRole('dialog', { name: 'Rename' })).toBeVisible();
  });
});

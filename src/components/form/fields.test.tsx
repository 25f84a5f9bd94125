import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createServerI18n } from '@/lib/i18n/instance';
import en from '~/public/locales/en/common.json';
import { DateField, InputField, TextareaField } from './fields';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';

// The schema's messages are i18n keys, as in the product; the field must show their translation.
const zForm = z.object({
  name: z.string().trim().min(1, 'form.name.required'),
  description: z.string().max(20, 'form.description.tooLong'),
  due: z.date({ error: 'form.due.required' }),
});
type FormValues = z.input<typeof zForm>;

const strings = {
  form: {
    name: { required: 'Name is required' },
    description: { tooLong: 'Keep it under 20 characters' },
    due: { required: 'Pick a due date' },
  },
};

function TestForm({ onSubmit }: { onSubmit: (values: FormValues) => void }) {
  const form = useForm<FormValues>({
    resolver: zodResolver(zForm),
    defaultValues: { name: '', description: '', due: undefined },
  });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <InputField control={form.control} name="name" ns="test" label="Name" />
      <TextareaField
        control={form.control}
        name="description"
        ns="test"
        label="Description"
        description="Shown on the repository page."
      />
      <DateField control={form.control} name="due" ns="test" label="Due date" />
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm() {
  const i18n = createServerI18n({
    language: 'en',
    resources: JSON.stringify({ en: { common: en, test: strings } }),
  });
  const onSubmit = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <TestForm onSubmit={onSubmit} />
    </I18nextProvider>,
  );
  return { onSubmit };
}

/** The texts of the elements a control's aria-describedby points at, in order. */
function descriptionsOf(element: HTMLElement) {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);
}

describe('form fields', () => {
  beforeEach(() => {
    stubViewport(DESKTOP_WIDTH);
  });

  it('an invalid submit shows translated errors wired to the controls and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    const description = screen.getByRole('textbox', { name: 'Description' });
    expect(descriptionsOf(description)).toEqual(['Shown on the repository page.']);
    await user.type(description, 'A description that is far too long');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Keep it under 20 characters')).toBeVisible();
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(descriptionsOf(description)).toEqual([
      'Shown on the repository page.',
      'Keep it under 20 characters',
    ]);
    expect(description).toHaveValue('A description that is far too long');

    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(descriptionsOf(name)).toEqual(['Name is required']);
    expect(screen.queryByText('form.name.required')).not.toBeInTheDocument();

    const due = screen.getByRole('button', { name: 'Due date Pick a date' });
    expect(due).toHaveAttribute('aria-invalid', 'true');
    expect(descriptionsOf(due)).toEqual(['Pick a due date']);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the typed values and the picked date once valid', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Starter');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pick a due date')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Due date Pick a date' }));
    expect(await screen.findByRole('dialog', { name: 'Pick a date' })).toBeVisible();
    const today = new Date();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Pick a due date')).not.toBeInTheDocument());
    const due = screen.getByRole('button', { name: /^Due date / });
    expect(due).toHaveAttribute('aria-invalid', 'false');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Starter',
      description: '',
      due: new Date(today.getFullYear(), today.getMonth(), today.getDate()),
    });
  });
});

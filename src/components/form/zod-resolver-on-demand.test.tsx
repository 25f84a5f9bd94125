import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestI18n } from '@/test/i18n';
import { zodResolverOnDemand } from './zod-resolver-on-demand';

const zName = z.object({ name: z.string().trim().min(1, 'required') });
type Values = z.output<typeof zName>;
type UseResolver = ReturnType<typeof zodResolverOnDemand<Values, Values>>;

/** A form on an on-demand resolver: its submits land in `submitted`, the name's error is shown. */
function NameForm({ useResolver, submitted }: { useResolver: UseResolver; submitted: Values[] }) {
  const { resolver, onFocus } = useResolver();
  const form = useForm<Values>({ resolver, defaultValues: { name: '' } });
  return (
    <form onSubmit={form.handleSubmit((values) => void submitted.push(values))} onFocus={onFocus} noValidate>
      <input aria-label="Name" {...form.register('name')} />
      <p>{form.formState.errors.name?.message}</p>
      <output aria-label="Checks">{form.formState.submitCount}</output>
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(useResolver: UseResolver) {
  const submitted: Values[] = [];
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <NameForm useResolver={useResolver} submitted={submitted} />
    </I18nextProvider>,
  );
  return submitted;
}

describe('zodResolverOnDemand', () => {
  it('checks with the schema once it has arrived, and hands on its output', async () => {
    let fetches = 0;
    const useResolver = zodResolverOnDemand(async () => {
      fetches += 1;
      return zName;
    });
    const submitted = renderForm(useResolver);
    const user = userEvent.setup();
    expect(fetches).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('required')).toBeVisible();
    expect(submitted).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Ada ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status', { name: 'Checks' })).toHaveTextContent('2');
    expect(submitted).toEqual([{ name: 'Ada' }]);
    expect(fetches).toBe(1);
  });

  it('starts fetching when focus enters the form', async () => {
    let fetches = 0;
    const useResolver = zodResolverOnDemand(async () => {
      fetches += 1;
      return zName;
    });
    renderForm(useResolver);
    await userEvent.setup().click(screen.getByRole('textbox', { name: 'Name' }));
    expect(fetches).toBe(1);
  });

  it('submits nothing while the schema cannot be fetched, and fetches again on the next check', async () => {
    let fetches = 0;
    const useResolver = zodResolverOnDemand(async () => {
      fetches += 1;
      // Offline for the fetch that focus starts and for the first check.
      if (fetches <= 2) throw new Error('offline');
      return zName;
    });
    const submitted = renderForm(useResolver);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status', { name: 'Checks' })).toHaveTextContent('1');
    expect(submitted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status', { name: 'Checks' })).toHaveTextContent('2');
    expect(submitted).toEqual([{ name: 'Ada' }]);
    expect(fetches).toBe(3);
  });
});

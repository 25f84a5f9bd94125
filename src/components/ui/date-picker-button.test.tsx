import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createServerI18n } from '@/lib/i18n/instance';
import ar from '~/public/locales/ar/common.json';
import en from '~/public/locales/en/common.json';
import fr from '~/public/locales/fr/common.json';
import { DatePickerButton, type DatePickerButtonProps } from './date-picker-button';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewport } from '@/test/viewport';

const commons = { en, fr, ar };

type Props = Partial<DatePickerButtonProps> & { language?: keyof typeof commons };

function Controlled({ initial, onChange, ...props }: Omit<Props, 'language'> & { initial?: Date }) {
  const [value, setValue] = useState(initial);
  return (
    <DatePickerButton
      {...props}
      value={value}
      onChange={(date) => {
        setValue(date);
        onChange?.(date);
      }}
    />
  );
}

function renderPicker({ language = 'en', ...props }: Props & { initial?: Date } = {}) {
  const i18n = createServerI18n({
    language,
    resources: JSON.stringify({ [language]: { common: commons[language] } }),
  });
  const onChange = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <Controlled onChange={onChange} {...props} />
    </I18nextProvider>,
  );
  return { onChange };
}

async function open(name: string | RegExp) {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('grid');
}

/** Asserts the column headers' accessible names, in order (the narrow letter shown is hidden from them). */
function expectColumns(grid: HTMLElement, names: string[]) {
  const headers = within(grid).getAllByRole('columnheader');
  expect(headers).toHaveLength(7);
  names.forEach((name, i) => expect(within(grid).getByRole('columnheader', { name })).toBe(headers[i]));
}

const focusedLabel = () => document.activeElement?.getAttribute('aria-label');

const press = (key: string, init: { shiftKey?: boolean } = {}) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init });

describe('DatePickerButton', () => {
  beforeEach(() => stubViewport(DESKTOP_WIDTH));

  it('reads "Pick a date" and starts English weeks on Sunday', async () => {
    renderPicker({ initial: undefined });
    const grid = await open('Pick a date');
    expectColumns(grid, ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeTruthy();
  });

  it('shows French month names and starts French weeks on Monday', async () => {
    renderPicker({ language: 'fr', initial: new Date(2025, 0, 15) });
    expect(screen.getByRole('button', { name: '15 janv. 2025' })).toBeTruthy();
    const grid = await open('15 janv. 2025');
    expect(screen.getByText('janvier 2025')).toBeTruthy();
    expect(grid.getAttribute('aria-labelledby')).toBe(screen.getByText('janvier 2025').id);
    expectColumns(grid, ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche']);
    // 1 January 2025 was a Wednesday: two empty cells (Monday, Tuesday) come before it.
    const firstRow = within(grid).getAllByRole('row')[1];
    expect(firstRow?.querySelectorAll('td')[2]?.textContent).toBe('1');
    expect(screen.getByRole('button', { name: 'Mois précédent' })).toBeTruthy();
  });

  it('moves with the keyboard and selects the expected date', async () => {
    const { onChange } = renderPicker({ initial: new Date(2025, 0, 15) });
    await open('Jan 15, 2025');
    expect(focusedLabel()).toBe('Wednesday, January 15, 2025');
    press('ArrowRight');
    expect(focusedLabel()).toBe('Thursday, January 16, 2025');
    press('ArrowDown');
    expect(focusedLabel()).toBe('Thursday, January 23, 2025');
    press('End');
    expect(focusedLabel()).toBe('Saturday, January 25, 2025');
    press('PageDown');
    expect(focusedLabel()).toBe('Tuesday, February 25, 2025');
    expect(screen.getByText('February 2025')).toBeTruthy();
    press('ArrowUp');
    press('Home');
    expect(focusedLabel()).toBe('Sunday, February 16, 2025');
    press('ArrowLeft');
    expect(focusedLabel()).toBe('Saturday, February 15, 2025');
    press('PageUp', { shiftKey: true });
    expect(focusedLabel()).toBe('Thursday, February 15, 2024');
    press('PageDown', { shiftKey: true });
    press('Enter');
    expect(onChange).toHaveBeenLastCalledWith(new Date(2025, 1, 15));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const button = screen.getByRole('button', { name: 'Feb 15, 2025' });
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('on a phone opens in the bottom drawer with focus on the chosen day', async () => {
    stubViewport(PHONE_WIDTH);
    renderPicker({ initial: new Date(2025, 0, 15) });
    await open('Jan 15, 2025');
    expect(screen.getByRole('dialog').hasAttribute('data-vaul-drawer')).toBe(true);
    await waitFor(() => expect(focusedLabel()).toBe('Wednesday, January 15, 2025'));
    press('ArrowDown');
    expect(focusedLabel()).toBe('Wednesday, January 22, 2025');
  });

  it('in Arabic (right-to-left) ArrowLeft moves to the next day and weeks start on Saturday', async () => {
    const { onChange } = renderPicker({ language: 'ar', initial: new Date(2025, 0, 15) });
    fireEvent.click(screen.getByRole('button'));
    const grid = await screen.findByRole('grid');
    expect(grid.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    expectColumns(grid, ['السبت', 'الأحد']);
    const day = (d: number) =>
      new Intl.DateTimeFormat('ar', { dateStyle: 'full' }).format(new Date(2025, 0, d));
    expect(focusedLabel()).toBe(day(15));
    press('ArrowLeft');
    expect(focusedLabel()).toBe(day(16));
    press('ArrowRight');
    press('ArrowRight');
    expect(focusedLabel()).toBe(day(14));
    press(' ');
    expect(onChange).toHaveBeenLastCalledWith(new Date(2025, 0, 14));
  });

  it('keeps days outside min/max unselectable', async () => {
    const { onChange } = renderPicker({
      initial: new Date(2025, 0, 15),
      min: new Date(2025, 0, 10),
      max: new Date(2025, 0, 20),
    });
    await open('Jan 15, 2025');
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next month' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Tuesday, January 21, 2025' }));
    expect(onChange).not.toHaveBeenCalled();
    press('PageDown');
    expect(focusedLabel()).toBe('Monday, January 20, 2025');
  });

  it('clears the date and reads the field name before the value', async () => {
    const { onChange } = renderPicker({
      initial: new Date(2025, 0, 15),
      clearable: true,
      'aria-label': 'Due date',
    });
    await open('Due date Jan 15, 2025');
    expect(screen.getByRole('dialog', { name: 'Due date' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(await screen.findByRole('button', { name: 'Due date Pick a date' })).toBeTruthy();
  });
});

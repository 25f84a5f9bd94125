import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServerI18n } from '@/lib/i18n/instance';
import ar from '~/public/locales/ar/common.json';
import en from '~/public/locales/en/common.json';
import fr from '~/public/locales/fr/common.json';
import sw from '~/public/locales/sw/common.json';
import { DatePickerButton, type DatePickerButtonProps } from './date-picker-button';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewport } from '@/test/viewport';

const commons = { en, fr, ar, sw };

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

let user: UserEvent;

/** Opens the picker; the calendar's code arrives on demand, so this waits for its grid. */
async function open(name?: string | RegExp) {
  await user.click(screen.getByRole('button', name === undefined ? {} : { name }));
  return screen.findByRole('grid');
}

/**
 * The column headers' full names, in order. DayPicker hides the header row from assistive technology
 * (each day's name already says its weekday); the narrow letter is shown, the full name is its label.
 */
const columns = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader', { hidden: true })
    .map((header) => header.getAttribute('aria-label'));

const focusedLabel = () => document.activeElement?.getAttribute('aria-label');

const dayName = (language: string, date: Date) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'full' }).format(date);

/** Presses `key` on the focused element, with Shift held when asked. */
const press = (key: string, { shiftKey = false } = {}) =>
  user.keyboard(shiftKey ? `{Shift>}{${key}}{/Shift}` : `{${key}}`);

describe('DatePickerButton', () => {
  beforeEach(() => {
    stubViewport(DESKTOP_WIDTH);
    user = userEvent.setup();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads "Pick a date", starts English weeks on Sunday and opens on today', async () => {
    const today = new Date();
    renderPicker({ initial: undefined });
    const grid = await open('Pick a date');
    expect(columns(grid)).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(within(grid).getAllByRole('columnheader', { hidden: true })[0]).toHaveTextContent(/^S$/);
    expect(grid).toHaveAccessibleName(
      new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(today),
    );
    expect(focusedLabel()).toBe(dayName('en', today));
    expect(document.activeElement).toHaveAttribute('aria-current', 'date');
    expect(screen.getByRole('button', { name: 'Previous month' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Next month' })).not.toHaveAttribute('aria-disabled');
  });

  it('shows French month names and starts French weeks on Monday', async () => {
    renderPicker({ language: 'fr', initial: new Date(2025, 0, 15) });
    expect(screen.getByRole('button', { name: '15 janv. 2025' })).toBeVisible();
    const grid = await open('15 janv. 2025');
    expect(screen.getByText('janvier 2025')).toBeVisible();
    expect(grid).toHaveAccessibleName('janvier 2025');
    expect(grid.closest('[lang]')).toHaveAttribute('lang', 'fr');
    expect(columns(grid)).toEqual(['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche']);
    // 1 January 2025 was a Wednesday: two empty cells (Monday, Tuesday) come before it.
    const firstWeek = within(grid).getAllByRole('row', { hidden: true })[1];
    const cells = within(firstWeek!).getAllByRole('gridcell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['', '', '1', '2', '3', '4', '5']);
    expect(focusedLabel()).toBe('mercredi 15 janvier 2025');
    expect(within(grid).getByRole('gridcell', { selected: true })).toHaveTextContent(/^15$/);
    await user.click(screen.getByRole('button', { name: 'Mois suivant' }));
    expect(screen.getByText('février 2025')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Mois précédent' }));
    expect(screen.getByText('janvier 2025')).toBeVisible();
  });

  it('names months and weekdays in Swahili too, with Monday first', async () => {
    renderPicker({ language: 'sw', initial: new Date(2025, 0, 15) });
    const grid = await open(/2025/);
    const month = new Intl.DateTimeFormat('sw', { month: 'long', year: 'numeric' }).format(new Date(2025, 0));
    expect(grid).toHaveAccessibleName(month);
    expect(month).toMatch(/Januari/);
    expect(columns(grid)[0]).toBe(
      new Intl.DateTimeFormat('sw', { weekday: 'long' }).format(new Date(2025, 0, 13)),
    );
    expect(focusedLabel()).toBe(dayName('sw', new Date(2025, 0, 15)));
    expect(screen.getByRole('button', { name: 'Mwezi ujao' })).toBeVisible();
  });

  it('takes the first day of the week from its own table where Intl.Locale has no week info', async () => {
    class BareLocale {
      constructor(readonly tag: string) {}
    }
    // Everything else of Intl (the date formats) stays.
    vi.stubGlobal('Intl', Object.create(Intl, { Locale: { value: BareLocale } }));
    renderPicker({ language: 'fr', initial: new Date(2025, 0, 15) });
    expect(columns(await open('15 janv. 2025'))[0]).toBe('lundi');
  });

  it('moves with the keyboard and selects the expected date', async () => {
    const { onChange } = renderPicker({ initial: new Date(2025, 0, 15) });
    await open('Jan 15, 2025');
    expect(focusedLabel()).toBe('Wednesday, January 15, 2025');
    await press('ArrowRight');
    expect(focusedLabel()).toBe('Thursday, January 16, 2025');
    await press('ArrowDown');
    expect(focusedLabel()).toBe('Thursday, January 23, 2025');
    await press('End');
    expect(focusedLabel()).toBe('Saturday, January 25, 2025');
    await press('PageDown');
    expect(focusedLabel()).toBe('Tuesday, February 25, 2025');
    expect(screen.getByRole('grid')).toHaveAccessibleName('February 2025');
    await press('ArrowUp');
    await press('Home');
    expect(focusedLabel()).toBe('Sunday, February 16, 2025');
    await press('ArrowLeft');
    expect(focusedLabel()).toBe('Saturday, February 15, 2025');
    await press('PageUp', { shiftKey: true });
    expect(focusedLabel()).toBe('Thursday, February 15, 2024');
    await press('PageDown', { shiftKey: true });
    await press('Enter');
    // Once: Enter picks on keydown and the button's click does not pick a second time.
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(new Date(2025, 1, 15));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const button = screen.getByRole('button', { name: 'Feb 15, 2025' });
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('picks a day with a click, and Escape closes without changing the date', async () => {
    const { onChange } = renderPicker({ initial: new Date(2025, 0, 15) });
    await open('Jan 15, 2025');
    await press('ArrowRight');
    await press('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Jan 15, 2025' })).toHaveFocus());

    await open('Jan 15, 2025');
    await user.click(screen.getByRole('button', { name: 'Monday, January 20, 2025' }));
    expect(onChange).toHaveBeenLastCalledWith(new Date(2025, 0, 20));
    expect(await screen.findByRole('button', { name: 'Jan 20, 2025' })).toBeVisible();
  });

  it('on a phone opens in the bottom drawer with focus on the chosen day', async () => {
    stubViewport(PHONE_WIDTH);
    renderPicker({ initial: new Date(2025, 0, 15) });
    await open('Jan 15, 2025');
    expect(screen.getByRole('dialog')).toHaveAttribute('data-vaul-drawer');
    await waitFor(() => expect(focusedLabel()).toBe('Wednesday, January 15, 2025'));
    await press('ArrowDown');
    expect(focusedLabel()).toBe('Wednesday, January 22, 2025');
  });

  it('in Arabic (right-to-left) mirrors the arrows and starts weeks on Saturday', async () => {
    const { onChange } = renderPicker({ language: 'ar', initial: new Date(2025, 0, 15) });
    const grid = await open();
    expect(grid.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    expect(grid).toHaveAccessibleName(
      new Intl.DateTimeFormat('ar', { month: 'long', year: 'numeric' }).format(new Date(2025, 0)),
    );
    expect(columns(grid).slice(0, 2)).toEqual(['السبت', 'الأحد']);
    // Right-to-left, "previous" sits on the right and points right; "next" points left.
    const previous = screen.getByRole('button', { name: 'الشهر السابق' });
    const next = screen.getByRole('button', { name: 'الشهر التالي' });
    expect(previous.querySelector('svg')).toHaveClass('lucide-chevron-right');
    expect(next.querySelector('svg')).toHaveClass('lucide-chevron-left');
    expect(previous.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const day = (d: number) => dayName('ar', new Date(2025, 0, d));
    expect(focusedLabel()).toBe(day(15));
    await press('ArrowLeft');
    expect(focusedLabel()).toBe(day(16));
    await press('ArrowRight');
    await press('ArrowRight');
    expect(focusedLabel()).toBe(day(14));
    await press(' ');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(new Date(2025, 0, 14));
  });

  it('points the month arrows the usual way left-to-right', async () => {
    renderPicker({ initial: new Date(2025, 0, 15) });
    await open('Jan 15, 2025');
    const previous = screen.getByRole('button', { name: 'Previous month' });
    expect(previous.querySelector('svg')).toHaveClass('lucide-chevron-left');
    expect(screen.getByRole('button', { name: 'Next month' }).querySelector('svg')).toHaveClass(
      'lucide-chevron-right',
    );
  });

  it('keeps days outside min/max unselectable', async () => {
    const { onChange } = renderPicker({
      initial: new Date(2025, 0, 15),
      min: new Date(2025, 0, 10),
      max: new Date(2025, 0, 20),
    });
    await open('Jan 15, 2025');
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveAttribute('aria-disabled', 'true');
    // The keyboard cannot reach past max: focus stops on the last day it may pick.
    await press('PageDown');
    expect(focusedLabel()).toBe('Wednesday, January 15, 2025');
    for (let i = 0; i < 6; i++) await press('ArrowRight');
    expect(focusedLabel()).toBe('Monday, January 20, 2025');
    const outside = screen.getByRole('button', { name: 'Tuesday, January 21, 2025' });
    expect(outside).toBeDisabled();
    await user.click(outside);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('with no date and a later min, opens on the min month with its first day focused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 0, 31, 9, 30));
    renderPicker({ initial: undefined, min: new Date(2025, 1, 1), max: new Date(2025, 5, 30) });
    const grid = await open('Pick a date');
    expect(grid).toHaveAccessibleName('February 2025');
    expect(focusedLabel()).toBe('Saturday, February 1, 2025');
  });

  it('clears the date and reads the field name before the value', async () => {
    const { onChange } = renderPicker({
      initial: new Date(2025, 0, 15),
      clearable: true,
      'aria-label': 'Due date',
    });
    await open('Due date Jan 15, 2025');
    expect(screen.getByRole('dialog', { name: 'Due date' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(await screen.findByRole('button', { name: 'Due date Pick a date' })).toBeVisible();
  });
});

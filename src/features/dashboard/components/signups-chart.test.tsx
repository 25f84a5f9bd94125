import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { AppLanguage } from '~/app.config';
import { createTestI18n } from '@/test/i18n';
import type { SignupDay } from '../schema';
import { SignupsChart } from './signups-chart';

const days: SignupDay[] = [
  { date: '2026-03-13', count: 0 },
  { date: '2026-03-14', count: 1234 },
  { date: '2026-03-15', count: 7 },
];

function renderChart(
  data: SignupDay[],
  { language = 'en', dir = 'ltr' }: { language?: AppLanguage; dir?: 'ltr' | 'rtl' } = {},
) {
  return render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <div dir={dir}>
        <SignupsChart days={data} title="Sign-ups per day" />
      </div>
    </I18nextProvider>,
  );
}

/** The y axis' numbers, bottom to top (the axis is drawn for the eye: screen readers get the table). */
const yTicks = () => screen.getAllByRole('listitem', { hidden: true }).map((tick) => tick.textContent);

/** The tooltip: hidden from screen readers, who hear the focused bar's name instead. */
const tooltip = (day: string) => screen.getByText(day, { selector: 'p' }).parentElement;

describe('SignupsChart', () => {
  it('gives screen readers a table of every day with its number of sign-ups', () => {
    renderChart(days);
    const table = screen.getByRole('table', { name: 'Sign-ups per day' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Sign-ups']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        within(row).getByRole('cell').textContent,
      ]);
    expect(rows).toEqual([
      ['Mar 13', '0'],
      ['Mar 14', '1,234'],
      ['Mar 15', '7'],
    ]);
  });

  it('draws a y axis of a few round numbers from 0', () => {
    renderChart(days);
    expect(yTicks()).toEqual(['0', '500', '1,000', '1,500']);
  });

  it('tells each day by keyboard: one Tab stop on today, the arrow keys move, Home and End jump', async () => {
    const user = userEvent.setup();
    renderChart(days);
    await user.tab();
    const today = screen.getByRole('img', { name: 'Sun, Mar 15: 7 sign-ups' });
    expect(today).toHaveFocus();
    expect(tooltip('Sun, Mar 15')).toHaveTextContent('Sign-ups7');

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('img', { name: 'Sat, Mar 14: 1,234 sign-ups' })).toHaveFocus();
    expect(tooltip('Sat, Mar 14')).toHaveTextContent('1,234');
    expect(screen.queryByText('Sun, Mar 15', { selector: 'p' })).not.toBeInTheDocument();

    await user.keyboard('{Home}');
    expect(screen.getByRole('img', { name: 'Fri, Mar 13: 0 sign-ups' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('img', { name: 'Fri, Mar 13: 0 sign-ups' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(today).toHaveFocus();

    // Leaving the chart hides the value; coming back lands on the day left last.
    await user.tab();
    expect(screen.queryByText('Sun, Mar 15', { selector: 'p' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Chart of sign-ups per day' })).toHaveAccessibleDescription(
      'Use the arrow keys to move from day to day.',
    );
  });

  it('shows the value of the bar under the pointer', async () => {
    const user = userEvent.setup();
    renderChart(days);
    await user.hover(screen.getByRole('img', { name: 'Sat, Mar 14: 1,234 sign-ups' }));
    expect(tooltip('Sat, Mar 14')).toHaveTextContent('Sign-ups1,234');
    await user.unhover(screen.getByRole('img', { name: 'Sat, Mar 14: 1,234 sign-ups' }));
    expect(screen.queryByText('Sat, Mar 14', { selector: 'p' })).not.toBeInTheDocument();
  });

  it('on a touch screen a tap shows the value of a day, and a tap elsewhere hides it', async () => {
    const user = userEvent.setup();
    renderChart(days);
    const bar = screen.getByRole('img', { name: 'Sat, Mar 14: 1,234 sign-ups' });
    await user.pointer({ keys: '[TouchA]', target: bar });
    expect(tooltip('Sat, Mar 14')).toHaveTextContent('Sign-ups1,234');
    await user.pointer({ keys: '[TouchA]', target: document.body });
    expect(screen.queryByText('Sat, Mar 14', { selector: 'p' })).not.toBeInTheDocument();
  });

  it('right to left, the arrow pointing left goes forward in time, as the bars run', async () => {
    const user = userEvent.setup();
    renderChart(days, { language: 'ar', dir: 'rtl' });
    await user.tab();
    const bars = screen.getAllByRole('img');
    expect(bars.at(-1)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(bars[1]).toHaveFocus();
    expect(bars[1]).toHaveAccessibleName(expect.stringContaining('1,234') as string);
    await user.keyboard('{ArrowLeft}');
    expect(bars[2]).toHaveFocus();
  });

  it('writes dates and numbers the way the page language does', () => {
    renderChart(days, { language: 'fr' });
    expect(
      screen.getByRole('img', { name: 'sam. 14 mars\u202f: 1\u202f234 inscriptions' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: '15 mars' })).toBeInTheDocument();
  });

  it('says so when no one signed up, on an axis from 0 to 4', () => {
    renderChart(days.map((day) => ({ ...day, count: 0 })));
    expect(screen.getByText('No sign-ups in these 30 days.')).toBeVisible();
    expect(yTicks()).toEqual(['0', '1', '2', '3', '4']);
  });

  it('without any day, shows a message instead of an empty plot', () => {
    renderChart([]);
    expect(screen.getByText('No sign-up data yet.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});

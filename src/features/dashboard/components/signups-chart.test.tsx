import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/i18n';
import { SignupsChart } from './signups-chart';

describe('SignupsChart', () => {
  it('gives screen readers a table of every day with its number of sign-ups', () => {
    const days = [
      { date: '2026-03-13', count: 0 },
      { date: '2026-03-14', count: 1234 },
      { date: '2026-03-15', count: 7 },
    ];
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <SignupsChart days={days} title="Sign-ups per day" />
      </I18nextProvider>,
    );
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
});

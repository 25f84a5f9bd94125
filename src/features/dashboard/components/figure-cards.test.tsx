import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { AppLanguage } from '~/app.config';
import { createTestI18n } from '@/test/i18n';
import type { DashboardFigures } from '../schema';
import { FigureCards } from './figure-cards';

const figures: DashboardFigures = {
  totalUsers: 12480,
  newUsers: 312,
  activeUsers: 1045,
  bannedUsers: 37,
  repositories: 36,
  organizations: 2,
  signups: [],
  estimated: { totalUsers: false, repositories: false, organizations: false },
};

/** At scale: users and repositories are the database's estimates, organizations an exact count. */
const estimatedFigures: DashboardFigures = {
  ...figures,
  totalUsers: 100_100,
  repositories: 1_234_567,
  organizations: 10_002,
  estimated: { totalUsers: true, repositories: true, organizations: false },
};

function renderCards(language: AppLanguage = 'en', shown: DashboardFigures = figures) {
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <FigureCards figures={shown} />
    </I18nextProvider>,
  );
  return screen.getAllByRole('listitem');
}

/** A card as read: its label (term), its figure (definition), and the line under them. */
function readCard(card: HTMLElement) {
  return {
    label: within(card).getByRole('term').textContent,
    figure: within(card).getByRole('definition').textContent,
    hint: card.querySelector('p')?.textContent ?? null,
  };
}

describe('FigureCards', () => {
  it('gives each figure its label, its number and, when it covers a period or a share, a line saying so', () => {
    expect(renderCards().map(readCard)).toEqual([
      { label: 'Users', figure: '12,480', hint: null },
      { label: 'New users', figure: '312', hint: 'Last 7 days' },
      { label: 'Active users', figure: '1,045', hint: 'Last 24 hours' },
      { label: 'Banned users', figure: '37', hint: '0.3% of all users' },
      { label: 'Repositories', figure: '36', hint: null },
      { label: 'Organizations', figure: '2', hint: null },
    ]);
  });

  it('writes numbers as the page language does, in figures of one width', () => {
    const cards = renderCards('fr').map(readCard);
    expect(cards[0]).toEqual({ label: 'Utilisateurs', figure: '12\u202f480', hint: null });
    expect(cards[3]?.hint).toBe('0,3\u00a0% des utilisateurs');
    for (const figure of screen.getAllByRole('definition')) expect(figure).toHaveClass('tabular-nums');
  });

  it('lays the cards on shared rows, so a label on two lines keeps the numbers of its row level', () => {
    for (const card of renderCards()) expect(card).toHaveClass('grid-rows-subgrid', 'row-span-3');
  });

  it('rounds an estimated total, marks it "≈", reads it out as "about" and says on its card it is an estimate', () => {
    const cards = renderCards('en', estimatedFigures);
    const [users, , , banned, repositories, organizations] = cards.map((card) => ({
      shown: within(card).getByRole('definition').querySelector('[aria-hidden]')?.textContent ?? null,
      spoken: within(card).getByRole('definition').querySelector('.sr-only')?.textContent ?? null,
      hint: card.querySelector('p')?.textContent ?? null,
    }));
    expect(users).toEqual({ shown: '≈ 100K', spoken: 'About 100 thousand', hint: 'Estimated total' });
    expect(repositories).toEqual({ shown: '≈ 1.23M', spoken: 'About 1.23 million', hint: 'Estimated total' });
    // An exact figure beside them keeps every digit and no mark.
    expect(organizations).toEqual({ shown: null, spoken: null, hint: null });
    expect(readCard(cards[5] as HTMLElement).figure).toBe('10,002');
    expect(banned?.hint).toBe('0% of all users');
  });

  it('words the estimate in the page language', () => {
    const [users] = renderCards('fr', estimatedFigures);
    const figure = within(users as HTMLElement).getByRole('definition');
    expect(figure.querySelector('[aria-hidden]')?.textContent).toBe('≈ 100\u00a0k');
    expect(figure.querySelector('.sr-only')?.textContent).toBe('Environ 100 mille');
    expect(within(users as HTMLElement).getByText('Total estimé')).toBeVisible();
  });
});

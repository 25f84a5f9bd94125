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
};

function renderCards(language: AppLanguage = 'en') {
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <FigureCards figures={figures} />
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
});

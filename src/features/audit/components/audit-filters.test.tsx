import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { userQueries } from '@/features/user/queries';
import { renderRouter } from '@/test/render';
import { auditActionGroups, type AuditView, auditViewDefaults } from '../search';
import { AuditFilters } from './audit-filters';

const jane = {
  id: 'jane-1',
  name: 'Jane Doe',
  email: 'jane@example.com',
  image: null,
  role: 'user',
  status: 'active' as const,
  banExpires: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderFilters(view: AuditView, onChange = vi.fn()) {
  const queryClient = new QueryClient();
  // What the server search answers for "jan": the picker reads the list's own cache entry.
  queryClient.setQueryData(userQueries.search('jan').queryKey, {
    pages: [{ items: [jane], nextCursor: null, total: 1, totalCapped: false }],
    pageParams: [undefined],
  });
  queryClient.setQueryData(userQueries.detail('jane-1').queryKey, { ...jane, emailVerified: true } as never);
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <AuditFilters view={view} onChange={onChange} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderRouter(router, queryClient);
  return onChange;
}

describe('AuditFilters', () => {
  it('offers every action group and reports the one chosen', async () => {
    const onChange = renderFilters(auditViewDefaults);
    const select = await screen.findByRole('combobox', { name: 'Action' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    // Every group, in the log's order; an entity added to the registry brings its own before "Sign-in".
    const known = [
      'All actions',
      'Users',
      'Sessions',
      'Repositories',
      'Organizations',
      'Sign-in and impersonation',
      'System',
    ];
    expect(options).toHaveLength(auditActionGroups.length + 1);
    expect(options.filter((option) => known.includes(option ?? ''))).toEqual(known);
    expect(options.slice(-2)).toEqual(['Sign-in and impersonation', 'System']);
    await userEvent.selectOptions(select, 'Sessions');
    expect(onChange).toHaveBeenCalledWith({ group: 'sessions' });
  });

  it('finds who acted by searching users, chosen with the keyboard', async () => {
    const onChange = renderFilters(auditViewDefaults);
    const box = await screen.findByRole('combobox', { name: 'Done by' });
    await userEvent.type(box, 'jan');
    const option = await screen.findByRole('option', { name: /Jane Doe/ });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(option).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith({ actor: 'jane-1' });
  });

  it('shows the chosen actor by name, with a button that removes the filter', async () => {
    const onChange = renderFilters({ ...auditViewDefaults, actor: 'jane-1' });
    const group = await screen.findByRole('group', { name: 'Done by' });
    expect(group).toHaveTextContent('Jane Doe');
    await userEvent.click(within(group).getByRole('button', { name: 'Remove filter \u2068Jane Doe\u2069' }));
    expect(onChange).toHaveBeenCalledWith({ actor: '' });
  });
});

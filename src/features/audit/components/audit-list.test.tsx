import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRouter } from '@/test/render';
import { auditKeys } from '../queries';
import type { AuditEntry } from '../schema';
import { AuditList, relativeTime } from './audit-list';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const entries: AuditEntry[] = [
  {
    id: 'e1',
    action: 'user.ban',
    actor: { id: 'a1', name: 'Admin' },
    actingAs: null,
    apiKey: null,
    targetType: 'user',
    targetId: 'jane-1',
    targetLabel: 'Jane Doe',
    metadata: {},
    organizationId: null,
    ip: null,
    createdAt: minutesAgo(3),
  },
  {
    id: 'e2',
    action: 'repository.delete',
    actor: null,
    actingAs: null,
    apiKey: null,
    targetType: 'repository',
    targetId: 'r1',
    targetLabel: 'old-repo',
    metadata: {},
    organizationId: null,
    ip: null,
    createdAt: minutesAgo(60 * 26),
  },
  {
    id: 'e3',
    action: 'user.update',
    actor: { id: 'a1', name: 'Admin' },
    actingAs: { id: 'jane-1', name: 'Jane Doe' },
    apiKey: null,
    targetType: 'user',
    targetId: 'jane-1',
    targetLabel: 'Jane Renamed',
    metadata: { fields: 'name' },
    organizationId: null,
    ip: null,
    createdAt: minutesAgo(1),
  },
  {
    id: 'e4',
    action: 'repository.create',
    actor: null,
    actingAs: null,
    apiKey: { id: 'key-1', name: 'CI deploys' },
    targetType: 'repository',
    targetId: 'repo-9',
    targetLabel: 'from-ci',
    metadata: {},
    organizationId: null,
    ip: null,
    createdAt: minutesAgo(2),
  },
];

function renderLatest() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(auditKeys.list({}, 10), {
    pages: [{ items: entries, nextCursor: null, total: 4, totalCapped: false }],
    pageParams: [undefined],
  });
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <AuditList limit={10} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderRouter(router, queryClient);
}

describe('AuditList', () => {
  it('reads each entry as a sentence with a link to a target that still exists', async () => {
    renderLatest();
    const list = await screen.findByRole('list', { name: 'Activity log' });
    const [ban, deletion, acted] = within(list).getAllByRole('listitem');
    expect(ban).toHaveTextContent(/^Admin banned Jane Doe3 min\. ago$/);
    expect(within(ban as HTMLElement).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute(
      'href',
      '/manager/users/jane-1',
    );
    // The deleted repository is named, not linked; the deleted actor is named as such.
    expect(deletion).toHaveTextContent('A deleted user deleted the repository old-repo');
    expect(within(deletion as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    // A change made while impersonating names both people, each linked.
    expect(acted).toHaveTextContent(/^Admin, acting as Jane Doe, edited Jane Renamed1 min\. ago$/);
    expect(within(acted as HTMLElement).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute(
      'href',
      '/manager/users/jane-1',
    );
    // A fixed excerpt: no paging footer.
    // A change made through the public API names the organization's key, not a deleted user.
    const viaKey = screen.getByText('from-ci').closest('li');
    expect(viaKey).toHaveTextContent(/^The API key "CI deploys" created the repository from-ci2 min\. ago$/);
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('uses the largest unit that fits, in the reader’s language', () => {
    expect(relativeTime(new Date(now - 20_000), 'en', now)).toBe('now');
    expect(relativeTime(new Date(now - 3 * 60_000), 'en', now)).toBe('3 min. ago');
    expect(relativeTime(new Date(now - 26 * 3600_000), 'en', now)).toBe('yesterday');
    // French keeps the number and its unit together with a no-break space.
    expect(relativeTime(new Date(now - 3 * 60_000), 'fr', now)).toBe('il y a 3\u00a0min');
  });
});

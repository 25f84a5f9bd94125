import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import { Building2, FolderGit2, House, LayoutDashboard, UserRound } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { renderRouter } from '@/test/render';
import { type NavItem, TopNav } from './area-nav';

const home: NavItem = { to: '/app', label: 'Home', icon: House, exact: true };
const repositories: NavItem = { to: '/app/repositories', label: 'Repositories', icon: FolderGit2 };
// A fifth destination (a generated entity's page, say): any route of the tree.
const dashboard: NavItem = { to: '/manager/dashboard', label: 'Dashboard', icon: LayoutDashboard };
const organization: NavItem = { to: '/app/organization', label: 'Organization', icon: Building2 };
const account: NavItem = { to: '/app/account', label: 'Account', icon: UserRound };

function renderNav(items: NavItem[]) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <TopNav items={items} /> }),
    history: createMemoryHistory({ initialEntries: ['/app'] }),
  });
  renderRouter(router);
}

describe('TopNav', () => {
  it('shows four destinations by their words alone', async () => {
    renderNav([home, repositories, organization, account]);
    const link = await screen.findByRole('link', { name: 'Repositories' });
    expect(link.querySelector('svg')).toBeNull();
    expect(link).not.toHaveAttribute('title');
  });

  it('past four, adds each icon and keeps each label as its name and tooltip (the words show from 1280 px)', async () => {
    renderNav([home, repositories, organization, dashboard, account]);
    for (const label of ['Home', 'Repositories', 'Organization', 'Dashboard', 'Account']) {
      const link = await screen.findByRole('link', { name: label });
      expect(link.querySelector('svg')).not.toBeNull();
      expect(link).toHaveAttribute('title', label);
      expect(link.querySelector('span')).toHaveClass('max-xl:sr-only');
    }
  });
});

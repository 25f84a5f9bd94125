import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FolderGit2, LayoutDashboard, Users } from 'lucide-react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRouter } from '@/test/render';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewport } from '@/test/viewport';
import { type NavGroup, Sidebar, SidebarSheetButton, SidebarToggle } from './sidebar';
import { SidebarProvider } from './sidebar-context';
import { SidebarSheet } from './sidebar-sheet';
import { SIDEBAR_COOKIE } from './sidebar-state';

const groups: NavGroup[] = [
  {
    label: 'Application',
    items: [
      { to: '/manager/dashboard', label: 'Dashboard', icon: LayoutDashboard },
      { to: '/manager/repositories', label: 'Repositories', icon: FolderGit2 },
    ],
  },
  { label: 'Configuration', items: [{ to: '/manager/users', label: 'Users', icon: Users }] },
];

function renderShell(defaultOpen = true) {
  const rootRoute = createRootRoute({
    component: () => (
      <SidebarProvider defaultOpen={defaultOpen}>
        <Sidebar brand={() => <span>Brand</span>} groups={groups} />
        <SidebarSheet brand={<span>Brand</span>} groups={groups} />
        <SidebarToggle />
        <SidebarSheetButton />
        <label>
          Notes
          <input />
        </label>
        <div contentEditable suppressContentEditableWarning data-testid="editor" />
        <Outlet />
      </SidebarProvider>
    ),
  });
  const pages = ['/manager/dashboard', '/manager/repositories', '/manager/users'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <h1>{path}</h1> }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren(pages),
    history: createMemoryHistory({ initialEntries: ['/manager/dashboard'] }),
  });
  renderRouter(router);
  return router;
}

const toggle = () => screen.getByRole('button', { name: 'Toggle sidebar' });
const menuButton = () => screen.getByRole('button', { name: 'Open menu', hidden: true });
const sidebar = () => screen.getByRole('complementary');

describe('Sidebar', () => {
  beforeEach(() => {
    stubViewport(DESKTOP_WIDTH);
    document.cookie = `${SIDEBAR_COOKIE}=; max-age=0; path=/`;
  });
  afterEach(() => {
    document.cookie = `${SIDEBAR_COOKIE}=; max-age=0; path=/`;
  });

  it('collapses with Ctrl+B and expands with Cmd+B, remembering the state in a cookie', async () => {
    const user = userEvent.setup();
    renderShell();
    expect(await screen.findByRole('heading', { name: '/manager/dashboard' })).toBeVisible();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Control>}b{/Control}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`);

    // With Caps Lock on the key is an upper-case B.
    await user.keyboard('{Meta>}B{/Meta}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=true`);
  });

  it('ignores the shortcut while typing in a text field or an editable region', async () => {
    const user = userEvent.setup();
    renderShell();
    const input = await screen.findByRole('textbox', { name: 'Notes' });
    await user.type(input, '{Control>}b{/Control}');
    await user.click(screen.getByTestId('editor'));
    await user.keyboard('{Meta>}b{/Meta}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    // Plain B is just a letter.
    await user.click(screen.getByRole('heading', { name: '/manager/dashboard' }));
    await user.keyboard('b');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  });

  it('starts collapsed when told so, keeping the labels for screen readers', async () => {
    const user = userEvent.setup();
    renderShell(false);
    const nav = within(await screen.findByRole('complementary')).getByRole('navigation', { name: 'Main' });
    const link = within(nav).getByRole('link', { name: 'Dashboard' });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toHaveAttribute('title', 'Dashboard');
    await user.click(toggle());
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
  });

  it('prefers the cookie over older loader data when mounted again on the client', async () => {
    document.cookie = `${SIDEBAR_COOKIE}=false; path=/`;
    renderShell(true);
    expect(await screen.findByRole('complementary')).toHaveAttribute('data-state', 'collapsed');
  });

  it('opens the sheet with the shortcut on phones and closes it on navigation', async () => {
    const user = userEvent.setup();
    stubViewport(PHONE_WIDTH);
    const router = renderShell();
    await screen.findByRole('heading', { name: '/manager/dashboard' });
    await user.keyboard('{Control>}b{/Control}');
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    // fireEvent: a real pointer press starts vaul's drag, which needs setPointerCapture (jsdom has none).
    fireEvent.click(within(sheet).getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/users'));
    // jsdom never ends vaul's closing animation, so the state is read from the opener.
    await waitFor(() => expect(menuButton()).toHaveAttribute('aria-expanded', 'false'));
    expect(sheet).toHaveAttribute('data-state', 'closed');
    // The desktop state did not change.
    expect(screen.getByRole('complementary', { hidden: true })).toHaveAttribute('data-state', 'expanded');
  });
});

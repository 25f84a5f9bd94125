import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
    renderShell();
    expect(await screen.findByRole('heading', { name: '/manager/dashboard' })).toBeTruthy();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(document.body, { key: 'b', ctrlKey: true });
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(sidebar().dataset.state).toBe('collapsed');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`);

    fireEvent.keyDown(document.body, { key: 'B', metaKey: true });
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(sidebar().dataset.state).toBe('expanded');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=true`);
  });

  it('ignores the shortcut while typing in a text field or an editable region', async () => {
    renderShell();
    const input = await screen.findByRole('textbox', { name: 'Notes' });
    fireEvent.keyDown(input, { key: 'b', ctrlKey: true });
    fireEvent.keyDown(screen.getByTestId('editor'), { key: 'b', metaKey: true });
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    // Plain B is just a letter.
    fireEvent.keyDown(document.body, { key: 'b' });
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
  });

  it('starts collapsed when told so, keeping the labels for screen readers', async () => {
    renderShell(false);
    const nav = within(await screen.findByRole('complementary')).getByRole('navigation', { name: 'Main' });
    const link = within(nav).getByRole('link', { name: 'Dashboard' });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(link.getAttribute('title')).toBe('Dashboard');
    fireEvent.click(toggle());
    expect(sidebar().dataset.state).toBe('expanded');
  });

  it('prefers the cookie over older loader data when mounted again on the client', async () => {
    document.cookie = `${SIDEBAR_COOKIE}=false; path=/`;
    renderShell(true);
    expect((await screen.findByRole('complementary')).dataset.state).toBe('collapsed');
  });

  it('opens the sheet with the shortcut on phones and closes it on navigation', async () => {
    stubViewport(PHONE_WIDTH);
    const router = renderShell();
    await screen.findByRole('heading', { name: '/manager/dashboard' });
    fireEvent.keyDown(document.body, { key: 'b', ctrlKey: true });
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(sheet).getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/users'));
    // jsdom never ends vaul's closing animation, so the state is read from the opener.
    await waitFor(() => expect(menuButton().getAttribute('aria-expanded')).toBe('false'));
    expect(sheet.dataset.state).toBe('closed');
    // The desktop state did not change.
    expect(screen.getByRole('complementary', { hidden: true }).dataset.state).toBe('expanded');
  });
});

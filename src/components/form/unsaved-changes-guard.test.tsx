import {
  createBrowserHistory,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  type RouterHistory,
} from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRouter } from '@/test/render';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';

function EditPage() {
  const form = useForm({ defaultValues: { name: '' } });
  return (
    <form>
      <h1>New user</h1>
      <input aria-label="Name" {...form.register('name')} />
      <UnsavedChangesGuard when={form.formState.isDirty} />
    </form>
  );
}

let history: RouterHistory | undefined;

function renderEditPage(
  makeHistory: () => RouterHistory = () => createMemoryHistory({ initialEntries: ['/manager/users/new'] }),
) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Link to="/manager/users">Users</Link>
        <Outlet />
      </>
    ),
  });
  const edit = createRoute({
    getParentRoute: () => rootRoute,
    path: '/manager/users/new',
    component: EditPage,
  });
  const users = createRoute({
    getParentRoute: () => rootRoute,
    path: '/manager/users',
    component: () => <h1>User list</h1>,
  });
  history = makeHistory();
  const router = createRouter({ routeTree: rootRoute.addChildren([edit, users]), history });
  renderRouter(router);
  return router;
}

async function typeName(user: UserEvent, value: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), value);
}

describe('UnsavedChangesGuard', () => {
  beforeEach(() => stubViewport(DESKTOP_WIDTH));
  afterEach(() => history?.destroy());

  it('asks before leaving a dirty form; Stay keeps the page and the typed text', async () => {
    const user = userEvent.setup();
    const router = renderEditPage();
    await typeName(user, 'draft');
    await user.click(screen.getByRole('link', { name: 'Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes on this page will be lost.');
    expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/manager/users/new');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('draft');
  });

  it('Leave goes on to the link', async () => {
    const user = userEvent.setup();
    const router = renderEditPage();
    await typeName(user, 'draft');
    await user.click(screen.getByRole('link', { name: 'Users' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'User list' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/manager/users');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets a clean form go without asking', async () => {
    const user = userEvent.setup();
    renderEditPage();
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('link', { name: 'Users' }));
    expect(await screen.findByRole('heading', { name: 'User list' })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks the browser to confirm closing the tab only while dirty', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/manager/users/new');
    renderEditPage(() => createBrowserHistory());
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByRole('textbox', { name: 'Name' });
    expect(unload()).toBe(false);
    await typeName(user, 'draft');
    await waitFor(() => expect(unload()).toBe(true));
  });
});

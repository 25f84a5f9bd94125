import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '~/app.config';
import { AppError } from '@/lib/errors';
import { renderRouter } from '@/test/render';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import { authKeys } from '@/features/auth/queries';
import type { RepositoryValues } from '../schema';
import { RepositoryForm } from './repository-form';

stubViewport(DESKTOP_WIDTH);
window.scrollTo = () => {};

const { listMine, getAuthConfig } = vi.hoisted(() => ({ listMine: vi.fn(), getAuthConfig: vi.fn() }));
vi.mock('@/features/organization/functions', () => ({ $listMyOrganizations: listMine }));
vi.mock('@/features/auth/functions', () => ({ $getSession: vi.fn(), $getAuthConfig: getAuthConfig }));

/** The signed-in viewer, `role` in the active organization, on a server where billing is `billing`. */
function viewerQueries(role: string, billing: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.session, {
    user: { id: 'me', name: 'Me', email: 'me@example.com', emailVerified: true, image: null, role: 'user' },
    session: { id: 's', impersonatedBy: null, activeOrganizationId: 'org-1' },
  });
  const mine = [{ id: 'org-1', name: 'Org', slug: 'org', role }];
  listMine.mockReset().mockResolvedValue(mine);
  getAuthConfig.mockReset().mockResolvedValue({ billing });
  return queryClient;
}

function renderForm(onSubmit: (values: RepositoryValues) => Promise<unknown>, queryClient?: QueryClient) {
  const onSaved = vi.fn();
  const rootRoute = createRootRoute();
  const formRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/manager/repositories/new',
    component: () => (
      <RepositoryForm
        submitLabel="Create repository"
        onSubmit={onSubmit}
        onSaved={onSaved}
        onCancel={() => {}}
      />
    ),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([formRoute]),
    history: createMemoryHistory({ initialEntries: ['/manager/repositories/new'] }),
  });
  renderRouter(router, queryClient);
  return onSaved;
}

const field = (name: string) => screen.findByRole('textbox', { name });
let user: UserEvent;
/** Replaces what the field holds with `value`, typed. */
const type = async (name: string, value: string) => {
  const input = await field(name);
  await user.clear(input);
  await user.type(input, value);
};
const submit = async () => user.click(await screen.findByRole('button', { name: 'Create repository' }));

describe('RepositoryForm', () => {
  beforeEach(() => {
    user = userEvent.setup();
  });

  it('shows each translated message on its field and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    await submit();
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(await field('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByText('Link is required')).toBeVisible();
    expect(await field('Link')).toHaveAccessibleDescription(expect.stringContaining('Link is required'));

    const { repositoryLinkMin } = appConfig.limits;
    await type('Name', 'Docs');
    await type('Link', 'a.bcdefgh'.slice(0, repositoryLinkMin - 1));
    await submit();
    expect(
      await screen.findByText(`Invalid link, must be at least ${repositoryLinkMin} characters`),
    ).toBeVisible();
    await type('Link', 'localhost');
    await submit();
    expect(await screen.findByText('Invalid link, must contain at least a dot')).toBeVisible();
    await type('Link', 'javascript:alert(1)');
    await submit();
    expect(await screen.findByText('Only http:// and https:// links are allowed')).toBeVisible();
    expect(await field('Link')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows "Name already used" from the server on the name field and keeps everything typed', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new AppError('CONFLICT', 'name'));
    const onSaved = renderForm(onSubmit);
    await type('Name', 'Taken name');
    await type('Link', 'example.com/taken');
    await type('Description', 'Typed with care');
    await submit();
    expect(await screen.findByText('Name already used')).toBeVisible();
    const name = await field('Name');
    expect(name).toHaveValue('Taken name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name already used');
    await waitFor(() => expect(name).toHaveFocus());
    expect(await field('Link')).toHaveValue('example.com/taken');
    expect(await field('Description')).toHaveValue('Typed with care');
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Taken name',
      link: 'https://example.com/taken',
      description: 'Typed with care',
    });
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows any other failure above the buttons, translated, and keeps the values', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('connection reset by a raw library'));
    renderForm(onSubmit);
    await type('Name', 'Docs');
    await type('Link', 'docs.example.com');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
    expect(document.body).not.toHaveTextContent(/raw library/);
    expect(await field('Name')).toHaveValue('Docs');
    expect(await field('Link')).toHaveValue('docs.example.com');
  });

  it.each([
    ['offers an owner the way to the plans', 'owner', true, true],
    ['offers a member nothing more', 'member', true, false],
    ['offers nothing with billing off', 'owner', false, false],
  ])('after a plan-limit refusal, %s', async (_name, role, billing, offered) => {
    const onSubmit = vi.fn().mockRejectedValue(new AppError('PLAN_LIMIT_REACHED', 'repositories'));
    renderForm(onSubmit, viewerQueries(role, billing));
    await type('Name', 'Docs');
    await type('Link', 'docs.example.com');
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^The organization's plan allows no more repositories\./);
    await waitFor(() => expect(listMine).toHaveBeenCalled());
    // Only an owner's form asks whether billing is on.
    if (role === 'owner') await waitFor(() => expect(getAuthConfig).toHaveBeenCalled());
    else expect(getAuthConfig).not.toHaveBeenCalled();
    if (offered) {
      expect(await within(alert).findByRole('link', { name: 'See the plans' })).toHaveAttribute(
        'href',
        '/app/organization#billing',
      );
    } else {
      await getAuthConfig.mock.results.at(-1)?.value;
      await listMine.mock.results.at(-1)?.value;
      expect(within(alert).queryByRole('link')).toBeNull();
    }
    expect(await field('Name')).toHaveValue('Docs');
  });

  it('hands the saved result on once the save succeeds', async () => {
    const onSaved = renderForm(vi.fn().mockResolvedValue({ id: 'r-1' }));
    await type('Name', 'Docs');
    await type('Link', 'docs.example.com');
    await submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 'r-1' }));
    expect(onSaved).toHaveBeenCalledTimes(1);
  });
});

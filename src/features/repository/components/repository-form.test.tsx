import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';
import { renderRouter } from '@/test/render';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import type { RepositoryValues } from '../schema';
import { RepositoryForm } from './repository-form';

stubViewport(DESKTOP_WIDTH);
window.scrollTo = () => {};

function renderForm(onSubmit: (values: RepositoryValues) => Promise<unknown>) {
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
  renderRouter(router);
  return onSaved;
}

const field = (name: string) => screen.findByRole<HTMLInputElement>('textbox', { name });
const type = async (name: string, value: string) =>
  fireEvent.change(await field(name), { target: { value } });
const submit = async () => fireEvent.click(await screen.findByRole('button', { name: 'Create repository' }));

describe('RepositoryForm', () => {
  it('shows each translated message on its field and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    await submit();
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Link is required')).toBeTruthy();

    await type('Name', 'Docs');
    await type('Link', 'a.b');
    await submit();
    expect(await screen.findByText('Invalid link, must be at least 4 characters')).toBeTruthy();
    await type('Link', 'localhost');
    await submit();
    expect(await screen.findByText('Invalid link, must contain at least a dot')).toBeTruthy();
    await type('Link', 'javascript:alert(1)');
    await submit();
    expect(await screen.findByText('Only http:// and https:// links are allowed')).toBeTruthy();
    expect((await field('Link')).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows "Name already used" from the server on the name field and keeps everything typed', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new AppError('CONFLICT', 'name'));
    const onSaved = renderForm(onSubmit);
    await type('Name', 'Taken name');
    await type('Link', 'example.com/taken');
    await type('Description', 'Typed with care');
    await submit();
    expect(await screen.findByText('Name already used')).toBeTruthy();
    const name = await field('Name');
    expect(name.value).toBe('Taken name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect((await field('Link')).value).toBe('example.com/taken');
    expect((await field('Description')).value).toBe('Typed with care');
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Taken name',
      link: 'https://example.com/taken',
      description: 'Typed with care',
    });
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows any other failure above the buttons, translated, and keeps the values', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('connection reset by a raw library'));
    renderForm(onSubmit);
    await type('Name', 'Docs');
    await type('Link', 'docs.example.com');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
    expect(screen.queryByText(/raw library/)).toBeNull();
    expect((await field('Name')).value).toBe('Docs');
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

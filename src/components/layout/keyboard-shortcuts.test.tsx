import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SearchInput } from '@/components/ui/search-input';
import { renderRouter } from '@/test/render';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { SidebarProvider } from './sidebar-context';

function renderPage({ sidebar = false, search = true } = {}) {
  const page = (
    <>
      <label>
        Notes
        <input />
      </label>
      <main>{search ? <SearchInput value="" onChange={() => {}} /> : <h1>No list here</h1>}</main>
      <KeyboardShortcuts />
    </>
  );
  const rootRoute = createRootRoute({
    component: () => (sidebar ? <SidebarProvider defaultOpen>{page}</SidebarProvider> : page),
  });
  renderRouter(
    createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) }),
  );
}

const searchBox = () => screen.getByRole('searchbox');

describe('KeyboardShortcuts', () => {
  beforeEach(() => stubViewport(DESKTOP_WIDTH));

  it("/ puts the cursor in the page's search, but not while typing in a field", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('searchbox');
    await user.keyboard('/');
    expect(searchBox()).toHaveFocus();
    // Typed into the search now, the key is a character like any other.
    await user.keyboard('/');
    expect(searchBox()).toHaveValue('/');

    await user.click(screen.getByRole('textbox', { name: 'Notes' }));
    await user.keyboard('a/');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('a/');
  });

  it('/ does nothing with Ctrl held', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('searchbox');
    await user.keyboard('{Control>}/{/Control}');
    expect(searchBox()).not.toHaveFocus();
  });

  it('/ does nothing on a page without a search', async () => {
    const user = userEvent.setup();
    renderPage({ search: false });
    await screen.findByRole('heading', { name: 'No list here' });
    await user.keyboard('/');
    expect(document.body).toHaveFocus();
  });

  it('? lists the shortcuts (the sidebar one only where there is a sidebar); Escape closes the list', async () => {
    const user = userEvent.setup();
    renderPage({ sidebar: true });
    await screen.findByRole('searchbox');
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const terms = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual([
      "Search this page's list",
      'Open the command palette',
      'Show keyboard shortcuts',
      'Collapse or expand the sidebar',
      'Close a dialog or menu',
    ]);
    expect(within(dialog).getAllByRole('definition')[1]).toHaveTextContent(/^(Ctrl|⌘)K$/);
    expect(within(dialog).getAllByRole('definition')[3]).toHaveTextContent(/^(Ctrl|⌘)B$/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('? typed in a field is a character, and the list has no sidebar shortcut without a sidebar', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('textbox', { name: 'Notes' }));
    await user.keyboard('?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('?');

    await user.click(document.body);
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).queryByText('Collapse or expand the sidebar')).not.toBeInTheDocument();
  });
});

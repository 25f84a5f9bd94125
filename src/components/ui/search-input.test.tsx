import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  stripSearchParams,
  useRouter,
} from '@tanstack/react-router';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listSearch, searchDefaults } from '@/lib/search-params';
import { renderRouter } from '@/test/render';
import { SearchInput } from './search-input';

/** A list page whose search box is bound to `?searchTerm` the way the product's lists bind it. */
function renderSearchPage(initial = '/list') {
  const rootRoute = createRootRoute();
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/list',
    validateSearch: listSearch,
    search: { middlewares: [stripSearchParams(searchDefaults.list)] },
    component: function ListPage() {
      const { searchTerm } = listRoute.useSearch();
      const router = useRouter();
      return (
        <SearchInput
          value={searchTerm}
          delayMs={100}
          // The product's lists navigate with `{ search: { searchTerm }, replace: true }`; this ad-hoc
          // router is not the registered one, so it builds the same location by hand.
          onChange={(term) =>
            router.history.replace(term ? `/list?searchTerm=${encodeURIComponent(term)}` : '/list')
          }
        />
      );
    },
  });
  const history = createMemoryHistory({ initialEntries: ['/', initial] });
  const router = createRouter({ routeTree: rootRoute.addChildren([listRoute]), history });
  renderRouter(router);
  return { router, history };
}

const box = () => screen.findByRole('searchbox', { name: 'Search' });

describe('SearchInput', () => {
  it('writes the term to the URL once typing pauses, replacing the history entry', async () => {
    // No pause between keys: the 100 ms debounce must not fire before the last one.
    const user = userEvent.setup({ delay: null });
    const { router, history } = renderSearchPage();
    const input = await box();
    expect(input).toHaveAttribute('placeholder', 'Search...');
    const entries = history.length;
    await user.type(input, 'abc ');
    expect(router.state.location.search).toEqual({});
    await waitFor(() => expect(router.state.location.search).toEqual({ searchTerm: 'abc' }));
    expect(history.length).toBe(entries);
    // The trailing space the user is still typing stays in the box.
    expect(input).toHaveValue('abc ');
  });

  it('Escape clears the box and the URL at once', async () => {
    const user = userEvent.setup();
    const { router } = renderSearchPage('/list?searchTerm=linux');
    const input = await box();
    expect(input).toHaveValue('linux');
    await user.type(input, '{Escape}');
    expect(input).toHaveValue('');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('shows "Clear search" only when there is text, and it clears', async () => {
    const user = userEvent.setup();
    const { router } = renderSearchPage('/list?searchTerm=go');
    const input = await box();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('shows a term set from outside, e.g. by Back or another Clear', async () => {
    const { router } = renderSearchPage('/list?searchTerm=one');
    const input = await box();
    await act(async () => {
      router.history.push('/list?searchTerm=two');
      await router.load();
    });
    expect(input).toHaveValue('two');
  });
});

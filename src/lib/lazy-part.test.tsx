import { render, screen } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Greeting = (props: { name: string }) => ReactNode;

// The marker's bookkeeping is per page load: each test gets a fresh module, as a fresh page would.
async function freshModule() {
  vi.resetModules();
  const [{ HydrationCheckpoint, markRootHydrated }, { lazyPart }] = await Promise.all([
    import('./hydration-marker'),
    import('./lazy-part'),
  ]);
  return { HydrationCheckpoint, markRootHydrated, lazyPart };
}

function deferredPart() {
  let arrive: (part: Greeting) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const load = () =>
    new Promise<ComponentType<{ name: string }>>((resolve, reject) => {
      arrive = resolve;
      fail = reject;
    });
  return { load, arrive: (part: Greeting) => arrive(part), fail: (error: Error) => fail(error) };
}

const hydrated = () => document.documentElement.dataset.hydrated;

describe('lazyPart', () => {
  beforeEach(() => {
    delete document.documentElement.dataset.hydrated;
    document.body.innerHTML = '';
  });

  it('holds the hydration marker until a part rendered before it has mounted', async () => {
    const { lazyPart, markRootHydrated } = await freshModule();
    const part = deferredPart();
    const Part = lazyPart(part.load);
    render(<Part name="Ada" />);
    markRootHydrated();
    expect(hydrated()).toBeUndefined();
    part.arrive(({ name }) => <p>Hello {name}</p>);
    expect(await screen.findByText('Hello Ada')).toBeVisible();
    expect(hydrated()).toBe('true');
  });

  it('waits for a part the server rendered even when it starts rendering after the root', async () => {
    const { lazyPart, markRootHydrated } = await freshModule();
    // The server's HTML: the part's template is there before any of the page's code runs.
    const serverHtml = document.createElement('div');
    serverHtml.innerHTML = '<template data-hydration-checkpoint=""></template><p>Hello Ada</p>';
    document.body.append(serverHtml);
    markRootHydrated();
    expect(hydrated()).toBeUndefined();

    const part = deferredPart();
    const Part = lazyPart(part.load);
    serverHtml.remove();
    render(<Part name="Ada" />);
    part.arrive(({ name }) => <p>Hello {name}</p>);
    expect(await screen.findByText('Hello Ada')).toBeVisible();
    expect(hydrated()).toBe('true');
  });

  it('waits for a route checkpoint the server rendered, which mounts after the root', async () => {
    const { HydrationCheckpoint, markRootHydrated } = await freshModule();
    const serverHtml = document.createElement('div');
    serverHtml.innerHTML = '<main>Repositories</main><template data-hydration-checkpoint=""></template>';
    document.body.append(serverHtml);
    markRootHydrated();
    expect(hydrated()).toBeUndefined();
    serverHtml.remove();
    render(<HydrationCheckpoint />);
    expect(hydrated()).toBe('true');
  });

  it('marks a page without checkpoints at once', async () => {
    const { markRootHydrated } = await freshModule();
    markRootHydrated();
    expect(hydrated()).toBe('true');
  });

  it('does not hold the marker forever when a part cannot be fetched', async () => {
    const { lazyPart, markRootHydrated } = await freshModule();
    const part = deferredPart();
    const Part = lazyPart(part.load);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Part name="Ada" />);
    markRootHydrated();
    expect(hydrated()).toBeUndefined();
    part.fail(new Error('offline'));
    await vi.waitFor(() => expect(hydrated()).toBe('true'));
  });
});

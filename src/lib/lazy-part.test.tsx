import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPart, markRootHydrated } from './lazy-part';

describe('lazyPart', () => {
  it('holds the hydration marker until a part rendered before it has mounted', async () => {
    let arrive: (part: (props: { name: string }) => React.ReactNode) => void = () => {};
    const Part = lazyPart(
      () => new Promise<(props: { name: string }) => React.ReactNode>((resolve) => (arrive = resolve)),
    );
    delete document.documentElement.dataset.hydrated;
    render(<Part name="Ada" />);
    markRootHydrated();
    expect(document.documentElement.dataset.hydrated).toBeUndefined();
    arrive(({ name }) => <p>Hello {name}</p>);
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(document.documentElement.dataset.hydrated).toBe('true');
  });
});

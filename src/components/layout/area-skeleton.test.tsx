import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AreaSkeleton } from './area-skeleton';

describe('AreaSkeleton', () => {
  it("keeps the sidebar at the layout's width for its state, so the page does not jump when it arrives", () => {
    const collapsed = render(<AreaSkeleton sidebar={false} />).container.querySelector('[data-state]');
    expect(collapsed?.getAttribute('data-state')).toBe('collapsed');
    expect(collapsed?.className).toContain('w-14');
    const expanded = render(<AreaSkeleton sidebar />).container.querySelector('[data-state="expanded"]');
    expect(expanded?.className).toContain('w-64');
  });

  it('has no sidebar in the app area, and hides its blocks from assistive technology', () => {
    const { container } = render(<AreaSkeleton />);
    expect(container.querySelector('[data-state]')).toBeNull();
    expect(container.firstElementChild?.getAttribute('aria-busy')).toBe('true');
    for (const block of container.firstElementChild?.querySelectorAll(':scope > div > div') ?? []) {
      expect(block.getAttribute('aria-hidden')).toBe('true');
    }
  });
});

import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Response } from '@playwright/test';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Waits for the root's hydration marker: clicks before it would be lost. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/**
 * Waits until no toast is showing. The spec puts toasts top-right, where a desktop detail page has its
 * actions, and a hovered toast stays: the pointer is moved off them first, then they close on their own.
 */
export async function waitForToastsToClose(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

/** Fails when axe finds a serious or critical WCAG 2.1 A/AA violation on the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours mid-transition (a toast fading in) blend with what is behind them: axe would measure a
  // contrast nobody sees once the page settles. Endless animations (spinners, skeletons) are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const blocking = results.violations.filter((v) => v.impact && BLOCKING_IMPACTS.has(v.impact));
  const report = blocking
    .map((v) => {
      const targets = v.nodes.map((n) => n.target.join(' ')).join(', ');
      return `${v.id} (${v.impact}): ${v.help} → ${targets}`;
    })
    .join('\n');
  expect(blocking, `accessibility violations on ${page.url()}:\n${report}`).toEqual([]);
}

export type VisitOptions = {
  /** Skip the axe check (e.g. when a test checks accessibility itself after changing the page). */
  axe?: boolean;
};

type Fixtures = {
  /** Opens `path`, waits for hydration and checks accessibility; returns the document response. */
  visit: (path: string, options?: VisitOptions) => Promise<Response | null>;
};

export const test = base.extend<Fixtures>({
  visit: async ({ page }, provide) => {
    await provide(async (path, options = {}) => {
      const response = await page.goto(path);
      await waitForHydration(page);
      if (options.axe !== false) await expectAccessible(page);
      return response;
    });
  },
});

export { expect };

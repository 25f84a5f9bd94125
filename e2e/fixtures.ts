import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Response } from '@playwright/test';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Waits for the root's hydration marker: clicks before it would be lost. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/**
 * Closes every toast with its close button, front one first, as a user clears them. The spec puts toasts
 * top-right, where a desktop detail page has its actions; waiting for them to time out cost four seconds.
 */
export async function closeToasts(page: Page): Promise<void> {
  const front = page.locator('[data-sonner-toast][data-front="true"]:not([data-removed="true"])');
  for (let left = 10; left > 0 && (await front.count()) > 0; left--) {
    await front.locator('[data-close-button]').click();
  }
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

/** axe-core's own build, the one @axe-core/playwright injects. */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

type AxeViolation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
};

/**
 * axe-core run in the page as @axe-core/playwright runs it (the same engine and tags), asking for the
 * violations only: 0.25 s a page instead of 0.6 to 1.2 s (the builder sends the 560 kB engine through every
 * frame and computes every passing check too), measured on this suite's pages; the sweep makes about two
 * hundred checks. `E2E_AXE_BUILDER=1` runs the builder instead (the app has no frames it would reach).
 */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (tags) =>
      (
        window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
        }
      ).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((result) => result.violations),
    AXE_TAGS,
  );
}

/** The serious and critical WCAG 2.1 A/AA violations axe finds on the current page, one line each. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
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
  const violations = process.env.E2E_AXE_BUILDER
    ? (await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations
    : await axeViolations(page);
  return violations
    .filter((v) => v.impact && BLOCKING_IMPACTS.has(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fails when axe finds a serious or critical WCAG 2.1 A/AA violation on the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await accessibilityViolations(page);
  expect(violations, `accessibility violations on ${page.url()}:\n${violations.join('\n')}`).toEqual([]);
}

type Fixtures = {
  /**
   * Opens `path` and waits for hydration; returns the document response. Every screen's accessibility is
   * the sweep's to check (e2e/screens.spec.ts); a journey checks with `expectAccessible` a state the sweep
   * does not reach (an open dialog, a filtered list).
   */
  visit: (path: string) => Promise<Response | null>;
};

export const test = base.extend<Fixtures>({
  visit: async ({ page }, provide) => {
    await provide(async (path) => {
      const response = await page.goto(path);
      await waitForHydration(page);
      return response;
    });
  },
});

export { expect };

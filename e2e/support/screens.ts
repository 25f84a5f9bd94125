// The rules every screen obeys, each a function of the page as it is: checked by the sweep
// (e2e/screens.spec.ts), which visits every screen once per language and width, and by a journey that
// needs one of them in a state the sweep does not reach (an open sheet).
import type { Page } from '@playwright/test';

/** What sticks out sideways: the page's extra width and its widest element outside the viewport. */
export async function horizontalOverflow(page: Page): Promise<string | null> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // What a clipping ancestor hides (a cut line of text) cannot widen the page.
    const clipped = (element: HTMLElement) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        if (getComputedStyle(node).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprit = [...document.querySelectorAll<HTMLElement>('body *')]
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && (rect.right > width + 1 || rect.left < -1))
      .filter(({ element }) => !clipped(element))
      .sort((a, b) => b.rect.width - a.rect.width)[0];
    return {
      extra: document.documentElement.scrollWidth - width,
      culprit: culprit ? `${culprit.element.tagName.toLowerCase()}.${culprit.element.className}` : null,
    };
  });
  return overflow.extra > 0 || overflow.culprit
    ? `scrolls sideways by ${overflow.extra} px (${overflow.culprit ?? 'no single element'})`
    : null;
}

/**
 * Controls smaller than a finger (44 × 44 px, WCAG 2.5.5) on a phone: links, buttons and fields, but those
 * inside running text, and the visually hidden ones (the skip link until focused).
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="button"]')]
      .filter((element) => element.checkVisibility() && !element.closest('p, dd, li p'))
      .filter(
        (element) =>
          getComputedStyle(element).clipPath === 'none' &&
          getComputedStyle(element).clip !== 'rect(0px, 0px, 0px, 0px)',
      )
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && (rect.width < 43.5 || rect.height < 43.5))
      .map(
        ({ element, rect }) =>
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`,
      ),
  );
}

/** Header controls that leave the screen or overlap another one. */
export async function headerCollisions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector('header');
    if (!header) return [];
    const items = [...header.querySelectorAll<HTMLElement>('a, button, select')]
      .filter((element) => element.checkVisibility() && getComputedStyle(element).clipPath === 'none')
      .map((element) => ({
        name: element.textContent?.trim() || element.tagName,
        box: element.getBoundingClientRect(),
      }));
    const found: string[] = [];
    for (const item of items) {
      if (item.box.left < 0 || item.box.right > document.documentElement.clientWidth)
        found.push(`${item.name} off screen`);
    }
    for (let i = 0; i < items.length; i++)
      for (let j = i + 1; j < items.length; j++) {
        const [a, b] = [items[i]!.box, items[j]!.box];
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
          found.push(`${items[i]!.name} overlaps ${items[j]!.name}`);
      }
    return found;
  });
}

/**
 * A function that resolves once `page` has had no request in flight for `quietMs`: what a screen loads after
 * hydration has arrived. Playwright's `networkidle` waits half a second after the last request; a sweep of
 * two hundred visits spends a minute and a half on that alone.
 */
export function networkQuiet(page: Page, quietMs = 100): () => Promise<void> {
  let inFlight = 0;
  let lastChange = Date.now();
  const started = () => {
    inFlight += 1;
    lastChange = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async () => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastChange < quietMs)) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
}

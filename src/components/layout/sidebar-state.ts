import { createIsomorphicFn } from '@tanstack/react-start';
import { getCookie } from '@tanstack/react-start/server';
import { readBrowserCookie } from '@/lib/browser-cookie';

/** The cookie remembering whether the desktop sidebar is expanded ("true") or collapsed ("false"). */
export const SIDEBAR_COOKIE = 'sidebar_state';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

function parse(value: string | undefined): boolean {
  // Expanded unless the visitor collapsed it: a new visitor sees the labels.
  return value !== 'false';
}

/**
 * Whether the sidebar starts expanded. Read from the request during the server render, so the first paint
 * already has the remembered width (no flash), and from `document.cookie` on client navigations.
 */
export const readSidebarOpen = createIsomorphicFn()
  .server(() => parse(getCookie(SIDEBAR_COOKIE)))
  .client(() => parse(readBrowserCookie(SIDEBAR_COOKIE)));

/** The remembered state as the browser holds it now, or undefined when nothing is remembered (client only). */
export function readSidebarCookie(): boolean | undefined {
  const value = readBrowserCookie(SIDEBAR_COOKIE);
  return value === undefined ? undefined : parse(value);
}

export function writeSidebarOpen(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}

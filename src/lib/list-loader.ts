/** How long a list's client-side navigation waits for its first page before the list shows its skeleton. */
const CLIENT_WAIT_MS = 150;

/**
 * A list route's loader. The server render waits for the first page (the HTML carries the rows); a
 * navigation in the browser waits at most a moment, then shows the page with the list's own skeleton
 * (or, for a new search or filter, the previous rows) until the page arrives, instead of a frozen screen.
 */
export function loadList(firstPage: Promise<unknown>): Promise<unknown> {
  if (typeof window === 'undefined') return firstPage;
  return Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, CLIENT_WAIT_MS))]);
}

/** The value of the cookie `name` as this page sees it (client only), or undefined; a malformed escape is none. */
export function readBrowserCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const pair = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  if (pair === undefined) return undefined;
  try {
    return decodeURIComponent(pair.slice(prefix.length));
  } catch {
    return undefined;
  }
}

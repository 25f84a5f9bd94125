import { notFound } from '@tanstack/react-router';
import { appConfig } from '~/app.config';
import { errorCodeOf } from '@/lib/errors';
import { i18nFor, withProductName } from '@/lib/i18n/i18n-for';
import { isI18nBootstrap } from '@/lib/i18n/instance';

/** What a route `head` sees of the matched routes (the router's match objects have more). */
type HeadMatch = { loaderData?: unknown; status?: string; error?: unknown; _notFound?: boolean };
type HeadContext = { matches: ReadonlyArray<HeadMatch> };

/**
 * The title key of the error page a render ends on, or null when every match loaded. The router runs the
 * `head` of each match down to the one that failed, and the deepest title wins: so every title helper (and
 * the root's) asks this first, or a 404 under /manager/users/{id} would be titled "User".
 */
export function errorTitleKey(matches: ReadonlyArray<HeadMatch>): string | null {
  for (const match of matches) {
    if (match.status === 'notFound' || match._notFound) return 'pages.notFound';
    if (match.status === 'error') {
      return errorCodeOf(match.error).code === 'FORBIDDEN' ? 'pages.forbidden' : 'pages.error';
    }
  }
  return null;
}

/** `key` translated in the render's language (the root loader's bootstrap), or the key itself. */
function translate(matches: ReadonlyArray<HeadMatch>, key: string): string {
  const bootstrap = matches[0]?.loaderData;
  return isI18nBootstrap(bootstrap) ? i18nFor(bootstrap).t(key) : key;
}

/** A route `head` that titles the page with a translated key, ending with the product name. */
export function pageTitle(key: string) {
  return ({ matches }: HeadContext) => ({
    meta: [{ title: withProductName(translate(matches, errorTitleKey(matches) ?? key)) }],
  });
}

/** The root's `head` title: the product name alone, or the error page's title ending with it. */
export function rootTitle({ matches }: HeadContext): string {
  const key = errorTitleKey(matches);
  return key ? withProductName(translate(matches, key)) : appConfig.name;
}

/**
 * The route data of a detail screen: `load` fetches the item (into the Query cache) and names it; a
 * NOT_FOUND answer becomes the router's 404 page instead of an error page.
 */
export async function loadNamedItem<Item>(
  load: () => Promise<Item>,
  nameOf: (item: Item) => string,
): Promise<{ name: string }> {
  try {
    return { name: nameOf(await load()) };
  } catch (error) {
    if (errorCodeOf(error).code === 'NOT_FOUND') throw notFound();
    throw error;
  }
}

/** A `head` titling the tab with the loaded item's name, or with `fallbackKey` while it is unknown. */
export function namedItemTitle(fallbackKey: string) {
  return (context: HeadContext & { loaderData?: { name: string } }) =>
    context.loaderData && !errorTitleKey(context.matches)
      ? { meta: [{ title: withProductName(context.loaderData.name) }] }
      : pageTitle(fallbackKey)(context);
}

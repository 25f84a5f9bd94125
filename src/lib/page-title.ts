import { notFound } from '@tanstack/react-router';
import { errorCodeOf } from '@/lib/errors';
import { i18nFor, withProductName } from '@/lib/i18n/i18n-for';
import { isI18nBootstrap } from '@/lib/i18n/instance';

type HeadContext = { matches: ReadonlyArray<{ loaderData?: unknown }> };

/** A route `head` that titles the page with a translated key, ending with the product name. */
export function pageTitle(key: string) {
  return ({ matches }: HeadContext) => {
    const bootstrap = matches[0]?.loaderData;
    const title = isI18nBootstrap(bootstrap) ? i18nFor(bootstrap).t(key) : key;
    return { meta: [{ title: withProductName(title) }] };
  };
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
    context.loaderData
      ? { meta: [{ title: withProductName(context.loaderData.name) }] }
      : pageTitle(fallbackKey)(context);
}

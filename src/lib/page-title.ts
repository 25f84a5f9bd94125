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

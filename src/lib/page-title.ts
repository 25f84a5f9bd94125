import type { I18nBootstrap } from '@/lib/i18n/instance';
import { i18nFor, withProductName } from '@/lib/i18n/i18n-for';

type HeadContext = { matches: ReadonlyArray<{ loaderData?: unknown }> };

function isBootstrap(value: unknown): value is I18nBootstrap {
  return typeof value === 'object' && value !== null && 'language' in value && 'resources' in value;
}

/** A route `head` that titles the page with a translated key, ending with the product name. */
export function pageTitle(key: string) {
  return ({ matches }: HeadContext) => {
    const bootstrap = matches[0]?.loaderData;
    const title = isBootstrap(bootstrap) ? i18nFor(bootstrap).t(key) : key;
    return { meta: [{ title: withProductName(title) }] };
  };
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { errorTitleKey, namedItemTitle, pageTitle, rootTitle } from './page-title';

const common = (lng: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../public/locales/${lng}/common.json`, import.meta.url), 'utf8'));

/** The root match as the router gives it to `head`: its loader data is the i18n bootstrap. */
const root = (lng: 'en' | 'fr') => ({
  status: 'success',
  loaderData: { language: lng, resources: JSON.stringify({ [lng]: { common: common(lng) } }) },
});

const titleOf = (head: { meta: Array<{ title: string }> }) => head.meta[0]?.title;

describe('error page titles', () => {
  it('names the failure the render ends on', () => {
    expect(errorTitleKey([root('en'), { status: 'success' }])).toBeNull();
    expect(errorTitleKey([{ status: 'success', _notFound: true }])).toBe('pages.notFound');
    expect(errorTitleKey([root('en'), { status: 'notFound' }])).toBe('pages.notFound');
    expect(errorTitleKey([root('en'), { status: 'error', error: new AppError('FORBIDDEN') }])).toBe(
      'pages.forbidden',
    );
    expect(errorTitleKey([root('en'), { status: 'error', error: new Error('boom') }])).toBe('pages.error');
  });

  it('titles an unknown URL and a refused area at the root, translated, ending with the product name', () => {
    expect(rootTitle({ matches: [{ ...root('en'), _notFound: true }] })).toBe('Page not found | Starter');
    expect(rootTitle({ matches: [{ ...root('fr'), _notFound: true }] })).toBe('Page introuvable | Starter');
    const refused = { status: 'error', error: new AppError('FORBIDDEN') };
    expect(rootTitle({ matches: [root('en'), refused] })).toBe('Access denied | Starter');
    expect(rootTitle({ matches: [root('en'), { status: 'error', error: new Error('x') }] })).toBe(
      'Something went wrong | Starter',
    );
    expect(rootTitle({ matches: [root('en')] })).toBe('Starter');
  });

  it("wins over a screen's own title, even a loaded item's name", () => {
    const missing = [root('en'), { status: 'notFound' }];
    expect(titleOf(pageTitle('pages.dashboard')({ matches: missing }))).toBe('Page not found | Starter');
    expect(titleOf(pageTitle('pages.dashboard')({ matches: [root('en')] }))).toBe('Dashboard | Starter');
    const item = namedItemTitle('pages.account');
    expect(titleOf(item({ matches: missing, loaderData: { name: 'react' } }))).toBe(
      'Page not found | Starter',
    );
    expect(titleOf(item({ matches: [root('en')], loaderData: { name: 'react' } }))).toBe('react | Starter');
  });
});

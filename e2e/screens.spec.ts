// Every screen obeys every rule: one sweep that visits each screen once per language and width, with the
// seed's long data (an 80-character unbroken name, a 92-character address, an 80-character repository name),
// and checks at that visit: the language and direction, no sideways scrolling, axe (WCAG 2.1 A/AA, serious
// and critical), and at phone width 44 px tap targets and a header whose controls neither leave the screen
// nor overlap. Phones are checked in the dark theme and desktops in the light one, so each screen's contrast
// is read in both. Every problem of a run is listed at the end, not only the first.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { entities, type Entity } from '../src/entities.ts';
import { longNamedUser, sampleRepositories } from '../src/server/db/seed/data.ts';
import { accessibilityViolations, expect, test, waitForHydration } from './fixtures';
import { type Role, roleState } from './support/roles';
import { headerCollisions, horizontalOverflow, networkQuiet, smallTapTargets } from './support/screens';
import { callServerFn } from './support/server-fn';

type Screen = { path: string; as: Role | 'anonymous' };

const LONG_REPOSITORY = sampleRepositories.find((item) => item.name.startsWith('an-exceptionally-long'));
const origin = () => `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;

/** Every screen the product has, each as whoever reaches it, with the ids of the seed's long rows. */
function screens(ids: { user: string; repository: string }): Screen[] {
  return [
    { as: 'anonymous', path: '/login' },
    { as: 'anonymous', path: `/login/verify?email=${encodeURIComponent(longNamedUser.email)}` },
    { as: 'anonymous', path: '/login/error?error=signup_disabled' },
    { as: 'anonymous', path: '/invitations/globex-pending-invitation' },
    { as: 'anonymous', path: '/this-page-does-not-exist' },
    { as: 'onboarding', path: '/app' },
    { as: 'long-named', path: '/app' },
    { as: 'long-named', path: '/app/account' },
    { as: 'long-named', path: '/app/organization' },
    { as: 'long-named', path: '/app/repositories' },
    // A plain user in the manager area: the 403 page.
    { as: 'long-named', path: '/manager' },
    { as: 'admin', path: '/app/repositories' },
    { as: 'admin', path: `/app/repositories/${ids.repository}` },
    { as: 'admin', path: '/manager/dashboard' },
    { as: 'admin', path: '/manager/users' },
    { as: 'admin', path: '/manager/users/new' },
    { as: 'admin', path: `/manager/users/${ids.user}` },
    { as: 'admin', path: `/manager/users/${ids.user}/update` },
    { as: 'admin', path: '/manager/repositories' },
    { as: 'admin', path: '/manager/repositories/new' },
    { as: 'admin', path: `/manager/repositories/${ids.repository}` },
    { as: 'admin', path: '/manager/organizations' },
    { as: 'admin', path: '/manager/organizations/globex' },
    { as: 'admin', path: '/manager/audit' },
    { as: 'admin', path: '/manager/jobs' },
    { as: 'admin', path: '/manager/account' },
    ...entityScreens(),
  ];
}

/**
 * The list and "New" pages of every other tenant-owned entity of the registry (pnpm scaffold:entity adds
 * one), as their admin sees them: swept like the repository's, with no line to add here.
 */
function entityScreens(): Screen[] {
  return Object.entries(entities as Record<string, Entity>)
    .filter(
      ([key, entity]) => key !== 'repository' && entity.tenantOwned && entity.nav?.app && entity.nav.manager,
    )
    .flatMap(([, entity]) => [
      { as: 'admin' as const, path: entity.nav?.app?.to ?? '' },
      { as: 'admin' as const, path: entity.nav?.manager?.to ?? '' },
      { as: 'admin' as const, path: `${entity.nav?.manager?.to ?? ''}/new` },
    ]);
}

/** The ids of the seed's long-named user and long repository, read as the admin's screens read them. */
async function longRowIds(admin: BrowserContext): Promise<{ user: string; repository: string }> {
  const read = async (fn: string, searchTerm: string) => {
    const { result, errorMessage } = await callServerFn(admin.request, origin(), {
      fn,
      method: 'GET',
      data: { searchTerm: searchTerm.slice(0, 40) },
    });
    expect(errorMessage).toBeUndefined();
    const id = (result as { items: { id: string }[] }).items[0]?.id;
    if (!id) throw new Error(`no row for ${searchTerm}`);
    return id;
  };
  return {
    user: await read('src/features/user/functions.ts#$listUsers', longNamedUser.email),
    repository: await read(
      'src/features/repository/functions.ts#$listPlatformRepositories',
      LONG_REPOSITORY?.name ?? '',
    ),
  };
}

async function contextFor(browser: Browser, role: Screen['as'], width: number): Promise<BrowserContext> {
  const phone = width < 768;
  return browser.newContext({
    viewport: { width, height: phone ? 780 : 900 },
    colorScheme: phone ? 'dark' : 'light',
    hasTouch: phone,
    ...(role === 'anonymous' ? {} : { storageState: await roleState(browser, role) }),
  });
}

/** Every rule at one visit: what breaks it, one line each. */
async function problemsOf(page: Page, lng: string, phone: boolean): Promise<string[]> {
  const found: string[] = [];
  const dir = await page.locator('html').getAttribute('dir');
  const lang = await page.locator('html').getAttribute('lang');
  if (lang !== lng || dir !== (lng === 'ar' ? 'rtl' : 'ltr')) found.push(`html lang=${lang} dir=${dir}`);
  const overflow = await horizontalOverflow(page);
  if (overflow) found.push(overflow);
  found.push(...(await accessibilityViolations(page)));
  if (phone) {
    found.push(...(await smallTapTargets(page)).map((target) => `small tap target: ${target}`));
    found.push(...(await headerCollisions(page)).map((collision) => `header: ${collision}`));
  }
  return found;
}

// Eight tests of about 25 visits each: both workers take some (a file's tests otherwise share one worker).
test.describe.configure({ mode: 'parallel' });

for (const lng of appConfig.languages) {
  for (const width of [320, 1280]) {
    test(`every screen in ${lng} at ${width} px obeys every rule`, async ({ browser }) => {
      // About 25 screens, each with axe: a few seconds each on a busy 2-core machine.
      test.setTimeout(180_000);
      const contexts = new Map<
        Screen['as'],
        { context: BrowserContext; page: Page; quiet: () => Promise<void> }
      >();
      const pageAs = async (role: Screen['as']) => {
        let found = contexts.get(role);
        if (!found) {
          const context = await contextFor(browser, role, width);
          const page = context.pages()[0] ?? (await context.newPage());
          found = { context, page, quiet: networkQuiet(page) };
          contexts.set(role, found);
        }
        return found;
      };
      const ids = await longRowIds((await pageAs('admin')).context);
      const problems: string[] = [];
      for (const screen of screens(ids)) {
        const { page, quiet } = await pageAs(screen.as);
        const separator = screen.path.includes('?') ? '&' : '?';
        await page.goto(`${screen.path}${separator}lng=${lng}`);
        await waitForHydration(page);
        await quiet();
        for (const problem of await problemsOf(page, lng, width < 768)) {
          problems.push(`${screen.path} (${screen.as}): ${problem}`);
        }
      }
      for (const { context } of contexts.values()) await context.close();
      expect(problems).toEqual([]);
    });
  }
}

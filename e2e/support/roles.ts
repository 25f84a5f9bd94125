// Signed-in browser states for the sweep and the journeys that only read: each role signs in once per
// worker through the real flow (a code from the SMTP catcher), and every context after that starts from the
// stored state, so a reading journey costs no sign-in.
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { longNamedUser } from '../../src/server/db/seed/data.ts';
import { joinAcme, newEmail, seededAdmin, signIn } from './session.ts';

/**
 * `admin`: the seeded admin, Acme's owner (the long repository is Acme's); `long-named`: the seed's user
 * with an 80-character unbroken name and a 92-character address, onboarded, in a workspace of their own;
 * `acme-member`: a plain user, Grace Hopper, a member of the seeded Acme working there; `onboarding`: a new
 * account that has not told its name yet (the app area shows it the onboarding screen).
 */
export type Role = 'admin' | 'long-named' | 'acme-member' | 'onboarding';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

const origin = () => `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;
const states = new Map<Role, Promise<StorageState>>();

async function signedInState(browser: Browser, role: Role): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (role === 'long-named') {
      await signIn(page, longNamedUser.email, { name: longNamedUser.name });
    } else if (role === 'onboarding') {
      await signIn(page, newEmail('onboarding'));
    } else if (role === 'acme-member') {
      await signIn(page, newEmail('acme-member'), { name: 'Grace Hopper' });
      await joinAcme(page);
    } else {
      // The seeded admin's cookie, kept per server in a file across worker restarts (the address may receive
      // only a few codes an hour).
      // Production cookies are `__Secure-` ones (127.0.0.1 counts as a secure origin), which the browser
      // takes only with `secure` and a domain rather than a URL.
      const cookies = (await seededAdmin(page, origin()))
        .split('; ')
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const)
        .filter(([name, value]) => name && value)
        .map(([name, value]) => ({
          name,
          value,
          domain: '127.0.0.1',
          path: '/',
          secure: name.startsWith('__Secure-'),
        }));
      await context.addCookies(cookies);
    }
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** `role`'s signed-in state, made on first use in this worker (a failed attempt is tried again). */
export function roleState(browser: Browser, role: Role): Promise<StorageState> {
  let state = states.get(role);
  if (!state) {
    state = signedInState(browser, role);
    states.set(role, state);
    state.catch(() => states.delete(role));
  }
  return state;
}

import { useHydrated } from '@tanstack/react-router';
import { readBrowserCookie } from '@/lib/browser-cookie';

/** The cookie better-auth's `lastLoginMethod` plugin sets on each sign-in (readable by the page). */
const LAST_LOGIN_COOKIE = 'better-auth.last_used_login_method';

/**
 * How this browser signed in last ('email-otp', 'passkey', a provider's id), for /login's "Last used"
 * mark; null before hydration (the server render shows no mark) and when unknown. Read from the cookie
 * here rather than with the plugin's client, which would load better-auth's client with the page.
 */
export function useLastLoginMethod(): string | null {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return readBrowserCookie(LAST_LOGIN_COOKIE) || null;
}

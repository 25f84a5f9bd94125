import { roleCan } from './permissions';

const MAX_DECODE_ROUNDS = 3;
// C0 controls, DEL and C1 controls: URL parsers drop tabs and newlines anywhere, so "/\t/evil" becomes "//evil".
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const PROBE_ORIGIN = 'http://probe.invalid';

function isSafeForm(value: string): boolean {
  if (!value.startsWith('/')) return false;
  if (value.includes('//') || value.includes('\\')) return false;
  if (SCHEME.test(value) || CONTROL_CHARACTERS.test(value)) return false;
  // Defence in depth: whatever a browser makes of it must stay on this origin.
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * Returns `value` unchanged when it is a same-origin path, otherwise `null`.
 *
 * Guarantees, for the value as given and for each URL-decoding of it (decoded repeatedly until it no
 * longer changes, at most 3 times): it is a string starting with exactly one `/`; it contains no `//`
 * anywhere and no backslash; it has no scheme (`javascript:`, `https:`…); it holds no control
 * character (tab, newline, NUL, DEL, C1); and resolving it against any origin stays on that origin.
 * A value that is still changing after 3 decodings, or that cannot be decoded, is refused. Use it for
 * every `?redirect=` before navigating to it.
 */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0) return null;
  let current = value;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    if (!isSafeForm(current)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) return value;
    current = decoded;
  }
  return null;
}

/** Where a signed-in user lands by default: the manager area when the role may use it, else the app. */
export function areaHome(role: string | null | undefined): '/manager/dashboard' | '/app' {
  return roleCan(role, { apps: ['manager'] }) ? '/manager/dashboard' : '/app';
}

/**
 * Where a signed-in user goes from a sign-in screen: the requested path when `safeRedirect` accepts it and
 * it is not a sign-in screen itself (that would go round in circles), otherwise the role's home.
 */
export function afterSignIn(requested: unknown, role: string | null | undefined): string {
  const target = safeRedirect(requested);
  return target && !/^\/login(?:[/?#]|$)/.test(target) ? target : areaHome(role);
}

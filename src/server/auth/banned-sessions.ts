import '@tanstack/react-start/server-only';

/**
 * Whether `user` (a user row, or better-auth's user with the admin plugin's fields) is banned and the ban
 * has not ended. better-auth's admin plugin treats a ban past its `banExpires` as lifted.
 */
export function isBanInForce(user: object, now = Date.now()): boolean {
  if (!('banned' in user) || user.banned !== true) return false;
  const until = 'banExpires' in user ? user.banExpires : null;
  if (!(until instanceof Date) && typeof until !== 'string') return true;
  return new Date(until).getTime() >= now;
}

type SessionStore<S extends { user: object }> = {
  findSession: (token: string) => Promise<S | null>;
  deleteSession: (token: string) => Promise<unknown>;
};

/**
 * Makes better-auth refuse a session whose user is banned while the ban is in force, and delete its row.
 * The admin plugin refuses a banned user a new session and deletes the sessions a ban finds, but a
 * sign-in racing the ban can leave one behind, and nothing looks at the ban when a session is read.
 * Every better-auth read of the caller's session goes through `internalAdapter.findSession` (/get-session,
 * hence every route that needs a session, the admin routes, sign-out, impersonation), which already
 * returns the session joined with its user: the check adds a comparison, no query. Call it once, on a
 * new instance, before it answers anything.
 */
export function refuseBannedSessions<S extends { user: object }>(auth: {
  $context: Promise<{ internalAdapter: SessionStore<S> }>;
}): void {
  void auth.$context.then(({ internalAdapter }) => {
    const findSession = internalAdapter.findSession.bind(internalAdapter);
    internalAdapter.findSession = async (token) => {
      const found = await findSession(token);
      if (!found || !isBanInForce(found.user)) return found;
      await internalAdapter.deleteSession(token);
      return null;
    };
  });
}

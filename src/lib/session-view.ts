import { describeUserAgent } from './user-agent';

/**
 * One signed-in device as a session list shows it, to its owner (account page) or to an admin (user
 * page). Never carries the session token.
 * - `administrator`: to its owner, an administrator signed in as them: no device or address is shown.
 * - `impersonated`: to an admin, a session opened by impersonation (shown with a badge).
 * - `ipHidden`: the read-only demo shows no address but the visitor's own.
 */
export type SessionView = {
  id: string;
  current: boolean;
  administrator: boolean;
  impersonated: boolean;
  browser: string | null;
  os: string | null;
  ipAddress: string | null;
  ipHidden: boolean;
  createdAt: string;
  updatedAt: string;
  /** Shown to admins only. */
  expiresAt: string | null;
  /** How it signed in: 'code', 'passkey' or a provider's id; null when unknown (older sessions). */
  signInMethod: string | null;
};

/** The columns of a stored session a list reads. */
export type SessionRow = {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  impersonatedBy: string | null;
  signInMethod: string | null;
};

/** What `row` shows to `audience`, from the viewer's session `viewerSessionId`. */
export function toSessionView(
  row: SessionRow,
  {
    audience,
    viewerSessionId,
    demo,
  }: { audience: 'owner' | 'admin'; viewerSessionId: string; demo: boolean },
): SessionView {
  const current = row.id === viewerSessionId;
  const administrator = audience === 'owner' && row.impersonatedBy !== null;
  const ipHidden = demo && !current && !administrator;
  return {
    id: row.id,
    current,
    administrator,
    impersonated: audience === 'admin' && row.impersonatedBy !== null,
    ...(administrator ? { browser: null, os: null } : describeUserAgent(row.userAgent)),
    ipAddress: administrator || ipHidden ? null : row.ipAddress || null,
    ipHidden,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: audience === 'admin' ? row.expiresAt.toISOString() : null,
    signInMethod: row.impersonatedBy ? null : row.signInMethod,
  };
}

import '@tanstack/react-start/server-only';
import { APIError } from 'better-auth/api';
import type { RoleName } from '@/features/auth/permissions';
import { BULK_MAX_ROWS, type BulkRow, done, skipped } from '@/lib/bulk';
import { AppError } from '@/lib/errors';
import { logger, serializeError } from '@/server/logger';
import type { Database } from '@/server/db/client';
import { findUserTargets, listUserTargets, type UserTarget } from './data.server';
import type { z } from 'zod';
import type { UserBulkAction, zUserBulkInput } from './schema';

type Request<Body> = { body: Body; headers: Headers };
type Target = { userId: string };

/**
 * The better-auth admin endpoints a bulk action calls (`auth.api`), one per row. Called this way, each row
 * runs through the same hooks as the single action from a screen: the caller's session and permission,
 * the body's checks, the product's rules (rules.server.ts: not yourself, not a protected admin, a recent
 * sign-in where the route needs one) and the audit entry of each change (audit.server.ts).
 */
export type AdminApi = {
  banUser(request: Request<Target & { banReason?: string; banExpiresIn?: number }>): Promise<unknown>;
  unbanUser(request: Request<Target>): Promise<unknown>;
  revokeUserSessions(request: Request<Target>): Promise<unknown>;
  setRole(request: Request<Target & { role: RoleName }>): Promise<unknown>;
  removeUser(request: Request<Target>): Promise<unknown>;
};

function callFor(api: AdminApi, action: UserBulkAction, userId: string, headers: Headers) {
  switch (action.type) {
    case 'ban': {
      const { banReason, banExpiresIn } = action;
      const body = {
        userId,
        ...(banReason === undefined ? {} : { banReason }),
        ...(banExpiresIn === undefined ? {} : { banExpiresIn }),
      };
      return api.banUser({ body, headers });
    }
    case 'unban':
      return api.unbanUser({ body: { userId }, headers });
    case 'revoke-sessions':
      return api.revokeUserSessions({ body: { userId }, headers });
    case 'set-role':
      // A documented boundary: the role as the screens send it, one name or a list ("user,admin"), checked
      // by zRoleValue; the route's body check (bodies.server.ts) splits it into the names better-auth takes.
      return api.setRole({ body: { userId, role: action.role as RoleName }, headers });
    case 'delete':
      return api.removeUser({ body: { userId }, headers });
  }
}

/**
 * Refusals about the caller or the request, not the row: every row would get the same. Met on the first
 * row, the whole call is refused with it (a stale sign-in then opens "confirm it's you", a bad reason
 * shows on the form); met later (the caller's own sessions revoked mid-way), the rows left get it.
 */
function concernsTheCaller(code: string): boolean {
  return (
    code === 'UNAUTHORIZED' ||
    code === 'SESSION_NOT_FRESH' ||
    code === 'BAN_REASON_TOO_LONG' ||
    code === 'INVALID_BAN_DURATION' ||
    code === 'INVALID_ROLE' ||
    code === 'VALIDATION_ERROR' ||
    code.startsWith('YOU_ARE_NOT_ALLOWED_TO_')
  );
}

/** better-auth's code for a refusal ("YOU_CANNOT_BAN_YOURSELF"); an unknown user is NOT_FOUND, as for a row no id matches. */
function refusalCode(error: APIError): string {
  const body: unknown = error.body;
  const code =
    typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
      ? body.code
      : String(error.status);
  return code === 'USER_NOT_FOUND' ? 'NOT_FOUND' : code;
}

/** One row: null when applied, else the refusal's code. Anything but a refusal is logged and counted as unknown. */
async function applyOne(api: AdminApi, action: UserBulkAction, userId: string, headers: Headers) {
  try {
    await callFor(api, action, userId, headers);
    return null;
  } catch (error) {
    if (error instanceof APIError) return refusalCode(error);
    logger.error({ err: serializeError(error), action: action.type }, 'bulk user action failed on a row');
    return 'UNKNOWN_ERROR';
  }
}

/**
 * Applies `action` to each of `ids` in turn, each through its single action's better-auth route with the
 * caller's `headers`, and answers per row, in the order asked: done, or skipped with the refusal's code
 * (an id no user has is NOT_FOUND). Revoking sessions comes to the caller's own row last, so the rest are
 * done before their sessions end. Throws only when the first refusal concerns the caller (see above) and
 * nothing was applied yet.
 */
export async function applyBulkUserAction(
  input: { api: AdminApi; headers: Headers; callerId: string },
  action: UserBulkAction,
  ids: readonly string[],
  targets: readonly UserTarget[],
): Promise<BulkRow[]> {
  const names = new Map(targets.map((target) => [target.id, target.name]));
  const order =
    action.type === 'revoke-sessions'
      ? [...ids.filter((id) => id !== input.callerId), ...ids.filter((id) => id === input.callerId)]
      : ids;
  const results = new Map<string, BulkRow>();
  let stopped: string | null = null;
  for (const id of order) {
    const name = names.get(id);
    if (name === undefined) {
      results.set(id, skipped(id, '', 'NOT_FOUND'));
      continue;
    }
    const refusal: string | null = stopped ?? (await applyOne(input.api, action, id, input.headers));
    if (refusal && !stopped && concernsTheCaller(refusal)) {
      if (![...results.values()].some((row) => row.outcome === 'done')) throw new AppError(refusal);
      stopped = refusal;
    }
    results.set(id, refusal ? skipped(id, name, refusal) : done(id, name));
  }
  return ids.flatMap((id) => results.get(id) ?? []);
}

/**
 * The rows a selection names, in its order: the ids as sent (those no user has are answered NOT_FOUND), or
 * every user the view matches in the view's order; BULK_TOO_MANY past `max`.
 */
export async function resolveUserSelection(
  selection: z.output<typeof zUserBulkInput>['selection'],
  { db, max = BULK_MAX_ROWS }: { db?: Database; max?: number } = {},
): Promise<{ ids: string[]; targets: UserTarget[] }> {
  if ('ids' in selection) return { ids: selection.ids, targets: await findUserTargets(selection.ids, db) };
  const targets = await listUserTargets(selection.view, max + 1, db);
  if (targets.length > max) throw new AppError('BULK_TOO_MANY');
  return { ids: targets.map((target) => target.id), targets };
}

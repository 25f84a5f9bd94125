import '@tanstack/react-start/server-only';
// What each admin route the product serves accepts, checked before any of the product's rules and before
// better-auth: exact types, no unknown key. better-auth's own schemas coerce (`z.coerce.string()` turns
// `["<id>"]` into "<id>") and ignore extra keys, so the rules would otherwise read a value better-auth
// then uses differently.
import { APIError } from 'better-auth/api';
import { z } from 'zod';
import { appConfig } from '~/app.config';
import { zEmail, zName } from '@/features/auth/schema';
import { zRoleValue } from './schema';
import { cleanMultiline } from '@/lib/text';

/** A ban lasts at most about a century; beyond that it is a permanent ban spelled oddly. */
export const MAX_BAN_SECONDS = Math.round(100 * 365.25 * 86_400);

// Any string: an id no row can have is "not found" in rules.server.ts, like any other unknown id.
const zId = z.string();

/** Longer than any id or session token better-auth makes. */
const ID_MAX = 128;

/**
 * Ids and tokens are looked up as given, by better-auth and by the admin hooks: one with a control
 * character (Postgres refuses a NUL, a 500) or of any length cannot be one that exists, so it is not found.
 */
export const isUnusableId = (value: string) => value.length > ID_MAX || /\p{Cc}/u.test(value);
const zUserTarget = z.strictObject({ userId: zId });
// Sent as the spec writes it ("user,admin"), handed to better-auth as the list of names it checks one by
// one and stores comma-joined: it would take a comma-joined string for one unknown name.
const zRoles = zRoleValue.transform((value) => value.split(','));

export const adminBodies = {
  '/admin/create-user': z.strictObject({
    email: zEmail,
    name: zName,
    role: zRoles.optional(),
    // Declared so that a rule can refuse it by name (password sign-in is off).
    password: z.string().optional(),
    // better-auth stores `data` on the new row as given: nothing may be set through it.
    data: z.strictObject({}).optional(),
  }),
  '/admin/update-user': z.strictObject({
    userId: zId,
    data: z
      .strictObject({ name: zName.optional(), email: zEmail.optional(), role: zRoles.optional() })
      .refine((data) => Object.keys(data).length > 0),
  }),
  '/admin/set-role': z.strictObject({ userId: zId, role: zRoles }),
  '/admin/ban-user': z.strictObject({
    userId: zId,
    // Limited once cleaned (no controls, trimmed). A blank reason stays a string: better-auth then stores
    // its default reason, as when none is sent.
    banReason: z.string().overwrite(cleanMultiline).max(appConfig.limits.banReasonMax).optional(),
    // better-auth reads 0 as "no end" and a negative number as a ban that has already ended.
    banExpiresIn: z.number().positive().max(MAX_BAN_SECONDS).optional(),
  }),
  '/admin/unban-user': zUserTarget,
  '/admin/remove-user': zUserTarget,
  '/admin/impersonate-user': zUserTarget,
  '/admin/revoke-user-sessions': zUserTarget,
  // The screens name a session by id; better-auth's own API names it by token.
  '/admin/revoke-user-session': z.union([
    z.strictObject({ sessionId: zId }),
    z.strictObject({ sessionToken: zId }),
  ]),
  '/admin/stop-impersonating': z.strictObject({}),
} as const;

const searchOperators = ['contains', 'starts_with', 'ends_with'] as const;
const zCount = z.string().regex(/^\d{1,6}$/);

/**
 * GET /admin/list-users, as better-auth documents it, limited to what reveals nothing more than the list
 * itself: search and filter by name, e-mail or role, sort by a listed column.
 */
const zListUsersQuery = z.strictObject({
  searchValue: z.string().max(appConfig.limits.searchTermMax).optional(),
  searchField: z.enum(['email', 'name']).optional(),
  searchOperator: z.enum(searchOperators).optional(),
  limit: zCount.optional(),
  offset: zCount.optional(),
  sortBy: z.enum(['createdAt', 'name', 'email']).optional(),
  sortDirection: z.enum(['asc', 'desc']).optional(),
  filterField: z.enum(['email', 'name', 'role']).optional(),
  filterValue: z.string().max(appConfig.limits.searchTermMax).optional(),
  filterOperator: z.enum(['eq', 'ne', ...searchOperators]).optional(),
});
export const LIST_USERS_PATH = '/admin/list-users';

export type AdminPath = keyof typeof adminBodies;
/** A checked admin request: its route and its body as the rules and better-auth get it. */
export type AdminInput = {
  [P in AdminPath]: { path: P; body: z.output<(typeof adminBodies)[P]> };
}[AdminPath];

export const isAdminPath = (path: string): path is AdminPath => Object.hasOwn(adminBodies, path);

/** The product's code for a field that has its own wording on the screens; any other problem is generic. */
const FIELD_CODES = new Map([
  ['name', 'INVALID_NAME'],
  ['email', 'INVALID_EMAIL'],
  ['role', 'INVALID_ROLE'],
  ['banExpiresIn', 'INVALID_BAN_DURATION'],
]);

function codeOf(issue: z.core.$ZodIssue): string {
  const field = issue.path.at(-1);
  if (issue.code === 'unrecognized_keys' && field === 'data') return 'INVALID_FIELDS';
  if (field === 'banReason' && issue.code === 'too_big') return 'BAN_REASON_TOO_LONG';
  return (typeof field === 'string' && FIELD_CODES.get(field)) || 'VALIDATION_ERROR';
}

/** A 400 with the product's bare code; never the validator's own message. */
function refusal(error: z.ZodError): APIError {
  const code = error.issues[0] ? codeOf(error.issues[0]) : 'VALIDATION_ERROR';
  return new APIError('BAD_REQUEST', { code, message: 'Invalid request' });
}

/**
 * The body of an admin route the product serves, checked and normalised (addresses trimmed and
 * lower-cased, names and reasons cleaned), or a refusal. A route without a body counts as an empty one.
 */
export function parseAdminBody(path: AdminPath, body: unknown): AdminInput {
  const parsed = adminBodies[path].safeParse(body ?? {});
  if (!parsed.success) throw refusal(parsed.error);
  // `path` selects the schema that produced `body`; TypeScript cannot pair the two through the index.
  return { path, body: parsed.data } as AdminInput;
}

/** The query of GET /admin/list-users, or a refusal. */
export function checkListUsersQuery(query: unknown): void {
  const parsed = zListUsersQuery.safeParse(query ?? {});
  if (!parsed.success) throw refusal(parsed.error);
}

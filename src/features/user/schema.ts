import { z } from 'zod';
import { isRoleValue } from '@/features/auth/permissions';
import { zEmail, zName } from '@/features/auth/schema';
import { zBulkIds, zListQuery } from '@/lib/list';
import { withoutControls } from '@/lib/text';
import { sortOrders } from '@/lib/search-params';
import { type UserStatus, userRoleFilters, userSorts, userStatuses } from './search';

/** The list endpoint's input: strict (a wrong value is a bad request, not a silent default). */
export const zUserListQuery = zListQuery.extend({
  role: z.enum(['', ...userRoleFilters]).default(''),
  status: z.enum(['', ...userStatuses]).default(''),
  sort: z.enum(userSorts).default('created'),
  order: z.enum(sortOrders).default('desc'),
  // A name or e-mail cursor is longer than a date one.
  cursor: z.string().max(1000).optional(),
});

// Any string is accepted: an unknown id is simply not found (404), never a validation error. Controls are
// removed first: the id is compared with a text column, and Postgres refuses a NUL.
export const zUserIdInput = z.object({ id: z.string().max(64).overwrite(withoutControls) });

/** A user as the list shows it; dates travel as ISO strings. */
export type UserListItem = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: string | null;
  status: UserStatus;
  /** When the ban ends; null for a permanent ban and for users who are not banned. */
  banExpires: string | null;
  createdAt: string;
};

/** A user as the detail page shows it. Never carries tokens or other secrets. */
export type UserDetail = UserListItem & {
  emailVerified: boolean;
  onboardedAt: string | null;
  banReason: string | null;
  /** Creation of the newest session the user opened themselves (impersonations left out). */
  lastSignInAt: string | null;
};

const zUserRole = z.enum(userRoleFilters);

/**
 * A role value as an admin may store it: declared role names only, one or a comma-separated list of
 * distinct ones ("user,admin"). Anything else, a prototype key such as "constructor" included, is refused.
 */
export const zRoleValue = z.string().refine(isRoleValue);

/** The create and update forms. Messages are keys of the `auth` namespace (shared with sign-in). */
export const zUserForm = z.object({ name: zName, email: zEmail, role: zUserRole });
export type UserForm = z.infer<typeof zUserForm>;
export type UserFormInput = z.input<typeof zUserForm>;

/** The list view a "select all matching" names: the list query without its page. */
const zUserListView = zUserListQuery.pick({
  searchTerm: true,
  role: true,
  status: true,
  sort: true,
  order: true,
});

/**
 * A bulk action on users: the rows (named, or every row matching a list view) and what to do to each. The
 * ban's reason and duration and the role are checked per row by the single action's rules (bodies.server.ts);
 * here they are only bounded.
 */
export const zUserBulkInput = z.object({
  selection: z.union([z.strictObject({ ids: zBulkIds }), z.strictObject({ view: zUserListView })]),
  action: z.discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('ban'),
      banReason: z.string().max(10_000).optional(),
      banExpiresIn: z.number().optional(),
    }),
    z.strictObject({ type: z.literal('unban') }),
    z.strictObject({ type: z.literal('revoke-sessions') }),
    z.strictObject({ type: z.literal('set-role'), role: zRoleValue }),
    z.strictObject({ type: z.literal('delete') }),
  ]),
});
export type UserBulkInput = z.input<typeof zUserBulkInput>;
export type UserBulkAction = z.output<typeof zUserBulkInput>['action'];

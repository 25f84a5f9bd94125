import { z } from 'zod';
import { zEmail, zName } from '@/features/auth/schema';
import { zListQuery } from '@/lib/list';
import { zSearchTermParam } from '@/lib/search-params';
import { withoutControls } from '@/lib/text';

export const userRoleFilters = ['admin', 'user'] as const;
export const userStatuses = ['active', 'banned', 'notOnboarded'] as const;
export const userSorts = ['created', 'name', 'email'] as const;
export const sortOrders = ['asc', 'desc'] as const;

export type UserRoleFilter = (typeof userRoleFilters)[number];
/** Banned wins over not onboarded: every user has exactly one status, and filters agree with badges. */
export type UserStatus = (typeof userStatuses)[number];
export type UserSort = (typeof userSorts)[number];
export type SortOrder = (typeof sortOrders)[number];

/** The list's view (search, filters, order): what the URL carries and the list query is keyed by. */
export type UserListView = {
  searchTerm: string;
  role: UserRoleFilter | '';
  status: UserStatus | '';
  sort: UserSort;
  order: SortOrder;
};

export const userListDefaults: UserListView = {
  searchTerm: '',
  role: '',
  status: '',
  sort: 'created',
  order: 'desc',
};

/** /manager/users search params: every one falls back to its default on bad input, so a link never breaks. */
export const zUserListSearch = z.object({
  searchTerm: zSearchTermParam,
  role: z
    .enum(['', ...userRoleFilters])
    .default('')
    .catch(''),
  status: z
    .enum(['', ...userStatuses])
    .default('')
    .catch(''),
  sort: z.enum(userSorts).default('created').catch('created'),
  order: z.enum(sortOrders).default('desc').catch('desc'),
});

/** The list endpoint's input: strict (a wrong value is a bad request, not a silent default). */
export const zUserListQuery = zListQuery.extend({
  role: z.enum(['', ...userRoleFilters]).default(''),
  status: z.enum(['', ...userStatuses]).default(''),
  sort: z.enum(userSorts).default('created'),
  order: z.enum(sortOrders).default('desc'),
  // A name or e-mail cursor is longer than a date one.
  cursor: z.string().max(1000).optional(),
});
export type UserListQuery = z.input<typeof zUserListQuery>;

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

export const zUserRole = z.enum(userRoleFilters);

/** The create and update forms. Messages are keys of the `auth` namespace (shared with sign-in). */
export const zUserForm = z.object({ name: zName, email: zEmail, role: zUserRole });
export type UserForm = z.infer<typeof zUserForm>;
export type UserFormInput = z.input<typeof zUserForm>;

/** The role a form shows for a stored value: admin when any listed role is admin. */
export function formRoleOf(role: string | null): UserRoleFilter {
  return (role ?? '').split(',').includes('admin') ? 'admin' : 'user';
}

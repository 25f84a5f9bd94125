import { z } from 'zod';
import { entities, type EntityRegistry } from '@/entities';
import { isIsoDate } from '@/lib/days';
import { zListQuery } from '@/lib/list';
import { withoutControls } from '@/lib/text';
import { type AuditActionGroup, type AuditTargetType, auditActionGroups, auditTargetTypes } from './search';

export type { AuditActionGroup, AuditTargetType } from './search';

type Entities = typeof entities;
/** Each audited entity's actions, `<noun>.<verb>` (src/entities.ts, `audit.verbs`). */
type EntityAuditAction = {
  [K in keyof Entities]: Entities[K] extends {
    noun: infer N extends string;
    audit: { verbs: readonly (infer V extends string)[] };
  }
    ? `${N}.${V}`
    : never;
}[keyof Entities];

/**
 * Every change the audit log records; its sentence is `<noun>:audit.<verb>` in the noun's namespace. The
 * entities' own actions come from the registry (`repository.create`, `user.ban`, `audit.export`…); these are
 * the others.
 */
export type AuditAction =
  | EntityAuditAction
  | 'user.impersonate'
  | 'user.stop-impersonating'
  | 'user.remove-passkey'
  | 'session.revoke'
  | 'session.revoke-all'
  | 'session.revoke-others'
  // A change made while impersonating that has no entry of its own (a server function, say).
  | 'account.change'
  // "Download my data": the user's own data handed to them (or to an administrator acting as them).
  | 'account.export'
  // Signing in and out, and the ways in: the account's own history, as identity providers keep it.
  | 'account.sign-in'
  | 'account.sign-out'
  // Wrong codes entered for an address, summed per address and hour (one entry, its `count` growing).
  | 'account.codes-refused'
  | 'account.add-passkey'
  | 'account.rename-passkey'
  | 'account.remove-passkey'
  | 'account.link-provider'
  | 'account.unlink-provider'
  | 'account.sign-in-alerts'
  // The retention job deleted entries older than the configured number of days (actor: the system).
  | 'audit.purge';

/** The entities' actions, each in its entity's group (the registry's `audit.group`). */
function entityActionGroups(): Record<EntityAuditAction, AuditActionGroup> {
  const registry: EntityRegistry = entities;
  const found = Object.values(registry).flatMap(({ noun, audit }) =>
    audit ? audit.verbs.map((verb) => [`${noun}.${verb}`, audit.group]) : [],
  );
  // Object.fromEntries is typed by string keys; these are the registry's actions and groups, which
  // `EntityAuditAction` and `AuditActionGroup` are spelled from.
  return Object.fromEntries(found) as Record<EntityAuditAction, AuditActionGroup>;
}

/**
 * The group of every action, written once: a Record over the action union, so an action added without a
 * group fails the type check. An entity's actions are in its group (an export is about the list exported);
 * impersonation, signing in and out, the ways in (passkeys, providers, wrong codes, the sign-in alerts) and
 * what an admin changed while signed in as someone (`account.change`) are about signing in; handing a user
 * their data is about that user.
 */
export const auditActionGroup: Record<AuditAction, AuditActionGroup> = {
  ...entityActionGroups(),
  'account.export': 'users',
  'user.impersonate': 'signIn',
  'user.stop-impersonating': 'signIn',
  'user.remove-passkey': 'signIn',
  'account.change': 'signIn',
  'account.sign-in': 'signIn',
  'account.sign-out': 'signIn',
  'account.codes-refused': 'signIn',
  'account.add-passkey': 'signIn',
  'account.rename-passkey': 'signIn',
  'account.remove-passkey': 'signIn',
  'account.link-provider': 'signIn',
  'account.unlink-provider': 'signIn',
  'account.sign-in-alerts': 'signIn',
  'session.revoke': 'sessions',
  'session.revoke-all': 'sessions',
  'session.revoke-others': 'sessions',
  'audit.purge': 'system',
};

/** Every action the log records. */
export const auditActions = Object.keys(auditActionGroup) as AuditAction[];

/** The actions of one group, for the list's `action in (…)` filter. */
export function actionsOfGroup(group: AuditActionGroup): AuditAction[] {
  return auditActions.filter((action) => auditActionGroup[action] === group);
}

/** Small facts about a change, e.g. `{ from: 'user', to: 'admin' }`: plain values only. */
export type AuditMetadata = Record<string, string | number | boolean | null>;

/** One entry as screens show it; `targetLabel` was written with the entry, so it outlives the target. */
export type AuditEntry = {
  id: string;
  action: AuditAction;
  actor: { id: string; name: string } | null;
  /** Set when the actor (an admin) made the change signed in as this user: "Admin, acting as Jane, …". */
  actingAs: { id: string; name: string } | null;
  /** Set when the change came through the public API: the organization's key that made it (no actor). */
  apiKey: { id: string; name: string } | null;
  targetType: AuditTargetType;
  targetId: string | null;
  targetLabel: string | null;
  metadata: AuditMetadata;
  /** The organization the change was made in, if any (its id: the organization may be gone). */
  organizationId: string | null;
  /** The address the change came from, when the request had one (the system's own changes have none). */
  ip: string | null;
  createdAt: string;
};

// Compared with text columns: controls are removed, as Postgres refuses a NUL.
const zId = z.string().max(64).overwrite(withoutControls);
const zDay = z.string().refine(isIsoDate, 'audit:filters.errors.date');

/**
 * What narrows the audit log: one user's entries (where they acted or were the target), the entries one
 * user made (`actorId`), a group of actions, one target (its type, and optionally its id), one
 * organization's changes, and a range of days (UTC, both ends included).
 */
const zAuditFilters = z.object({
  userId: zId.optional(),
  actorId: zId.optional(),
  group: z.enum(auditActionGroups).optional(),
  targetType: z.enum(auditTargetTypes).optional(),
  targetId: zId.optional(),
  organizationId: zId.optional(),
  from: zDay.optional(),
  to: zDay.optional(),
});
export type AuditFilters = z.output<typeof zAuditFilters>;

/** The start of the range is on or before its end: otherwise the request is refused, not answered empty. */
const rangeInOrder = (filters: { from?: string | undefined; to?: string | undefined }) =>
  !filters.from || !filters.to || filters.from <= filters.to;
const rangeError = { path: ['to'], message: 'audit:filters.errors.range' };

/** The audit export's input (`/api/export/audit?…`): the list's filters, every page. */
export const zAuditExportView = zAuditFilters.refine(rangeInOrder, rangeError);

/** The audit list's input: the filters above, the cursor and the page size; no text search. */
export const zAuditListQuery = zListQuery
  .omit({ searchTerm: true })
  .extend(zAuditFilters.shape)
  .refine(rangeInOrder, rangeError);

import { oneOf, searchValidator } from '@/lib/search-params';

// The audit page's view, apart from the schemas (./schema.ts) on purpose: the /manager/audit route
// validates its search params with it, and route definitions are in every page's first download, where
// zod is not.

export const auditTargetTypes = [
  'user',
  'session',
  'repository',
  'organization',
  'invitation',
  'team',
  // The log itself (the retention job's entries).
  'audit',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** What the audit page's "Action" filter offers: every action belongs to exactly one (./schema.ts). */
export const auditActionGroups = [
  'users',
  'sessions',
  'repositories',
  'organizations',
  'signIn',
  'system',
] as const;
export type AuditActionGroup = (typeof auditActionGroups)[number];

/** A calendar day as `YYYY-MM-DD` that exists (no 31 February). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The audit page's filters as the URL carries them; '' is "any". */
export type AuditView = {
  actor: string;
  group: AuditActionGroup | '';
  targetType: AuditTargetType | '';
  targetId: string;
  organization: string;
  from: string;
  to: string;
};

export const auditViewDefaults: AuditView = {
  actor: '',
  group: '',
  targetType: '',
  targetId: '',
  organization: '',
  from: '',
  to: '',
};

/** Ids are ours (at most 64 characters, no controls): anything else is no filter. */
function idParam(value: unknown): string {
  return typeof value === 'string' && value.length <= 64 && !/\p{Cc}/u.test(value) ? value : '';
}

function dayParam(value: unknown): string {
  return typeof value === 'string' && isIsoDate(value) ? value : '';
}

/**
 * /manager/audit search params: every one falls back to its default on bad input, so a shared link never
 * breaks; a target id without its type means nothing and is dropped, and so is an end before the start.
 */
export const auditSearch = searchValidator((search): AuditView => {
  const targetType = oneOf(search.targetType, ['', ...auditTargetTypes], '');
  const from = dayParam(search.from);
  const to = dayParam(search.to);
  return {
    actor: idParam(search.actor),
    group: oneOf(search.group, ['', ...auditActionGroups], ''),
    targetType,
    targetId: targetType ? idParam(search.targetId) : '',
    organization: idParam(search.organization),
    from,
    to: from && to && to < from ? '' : to,
  };
});

/** The server's filters for a view: empty ones left out. */
export function filtersOfView(view: AuditView) {
  return {
    actorId: view.actor || undefined,
    group: view.group || undefined,
    targetType: view.targetType || undefined,
    targetId: view.targetId || undefined,
    organizationId: view.organization || undefined,
    from: view.from || undefined,
    to: view.to || undefined,
  };
}

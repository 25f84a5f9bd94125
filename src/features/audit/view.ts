import type { entities, EntityRegistry } from '@/entities';
import { oneOf, searchValidator } from '@/lib/search-params';
import { isIsoDate } from '@/lib/days';

// The audit page's view (the filters its URL carries) and how a URL is read into one. Apart from ./search.ts
// on purpose: the entity registry (src/entities.ts) holds this reader for saved views, while what the
// filters may name (every entity's action group and target type) comes from the registry. So this module
// never imports the registry's value, only its type; it is handed the registry when a URL is read, and
// ./search.ts, which imports the registry, gives the page the same reader.

type Audited = Extract<(typeof entities)[keyof typeof entities], { audit: unknown }>;

/** The targets of actions no entity owns: a user's sessions, an organization's invitations and teams. */
const otherTargetTypes = ['session', 'invitation', 'team'] as const;
/**
 * The groups of actions no entity owns: sessions, signing in and impersonation, and the system's own (the
 * retention job, exports of the log). An entity may file its actions in one of them.
 */
const otherActionGroups = ['sessions', 'signIn', 'system'] as const;
/** Where the filter shows them: sessions right after their users' group, the others after every entity's. */
const placedAfter: Partial<Record<string, string>> = { sessions: 'users' };

export type AuditTargetType = Audited['noun'] | (typeof otherTargetTypes)[number];
export type AuditActionGroup = Audited['audit']['group'] | (typeof otherActionGroups)[number];

/** What the audit log's filters may name: every audited entity's target type and group, then the others. */
export type AuditVocabulary = {
  targetTypes: readonly AuditTargetType[];
  groups: readonly AuditActionGroup[];
};

/**
 * The vocabulary of a registry: its audited entities' target types (their nouns) and groups in the
 * registry's order, and the targets and groups of the actions no entity owns, placed as `placedAfter` says.
 */
export function auditVocabulary(registry: EntityRegistry): AuditVocabulary {
  const audited = Object.values(registry).flatMap(({ noun, audit }) => (audit ? [{ noun, ...audit }] : []));
  const others: readonly string[] = otherActionGroups;
  const targetTypes = [...new Set([...audited.map((entity) => entity.noun), ...otherTargetTypes])];
  const groups = [...new Set(audited.map((entity) => entity.group))].filter(
    (group) => !others.includes(group),
  );
  for (const group of otherActionGroups) {
    const anchor = groups.indexOf(placedAfter[group] ?? '');
    groups.splice(anchor < 0 ? groups.length : anchor + 1, 0, group);
  }
  // The registry's own strings, which the two types above are spelled from; typed loosely here only
  // because this module takes any registry (src/entities.ts cannot be imported from here).
  return { targetTypes: targetTypes as AuditTargetType[], groups: groups as AuditActionGroup[] };
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
 * /manager/audit search params, with the groups and target types of the registry `registry()` returns:
 * every one falls back to its default on bad input, so a shared link never breaks; a target id without its
 * type means nothing and is dropped, and so is an end before the start. The registry is read the first time
 * a URL names a group or a target type: the router's adapter reads an empty view while the registry that
 * holds this reader is still being built.
 */
export function auditSearchOf(registry: () => EntityRegistry) {
  let vocabulary: AuditVocabulary | undefined;
  const known = () => (vocabulary ??= auditVocabulary(registry()));
  return searchValidator((search): AuditView => {
    const targetType =
      search.targetType === undefined ? '' : oneOf(search.targetType, ['', ...known().targetTypes], '');
    const from = dayParam(search.from);
    const to = dayParam(search.to);
    return {
      actor: idParam(search.actor),
      group: search.group === undefined ? '' : oneOf(search.group, ['', ...known().groups], ''),
      targetType,
      targetId: targetType ? idParam(search.targetId) : '',
      organization: idParam(search.organization),
      from,
      to: from && to && to < from ? '' : to,
    };
  });
}

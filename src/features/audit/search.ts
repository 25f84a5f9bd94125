import { entities } from '@/entities';
import { auditVocabulary, type AuditView } from './view';

// The audit page's view, apart from the schemas (./schema.ts) on purpose: the /manager/audit route
// validates its search params with it, and route definitions are in every page's first download, where
// zod is not. What its filters may name is read from the entity registry (src/entities.ts); the view and
// its reader are in ./view.ts, which the registry holds for saved views.

export { type AuditActionGroup, type AuditTargetType, type AuditView, auditViewDefaults } from './view';

const vocabulary = auditVocabulary(entities);

/** What an entry may be about: every audited entity (its noun), and sessions, invitations and teams. */
export const auditTargetTypes = vocabulary.targetTypes;

/**
 * What the audit page's "Action" filter offers, in its order: every entity's group (the registry's order,
 * sessions right after users), then sign-in and the system's. Every action belongs to exactly one
 * (./schema.ts).
 */
export const auditActionGroups = vocabulary.groups;

/**
 * /manager/audit search params (./view.ts): the registry's own reader, so the page and its saved views read
 * a URL alike.
 */
export const auditSearch = entities.audit.list.search;

const audited = Object.values(entities).flatMap((entity) => ('audit' in entity ? [entity] : []));

/**
 * The i18n key of a group's label: an entity's own (its `audit.groupLabel`, in its namespace for a new one),
 * else the audit namespace's.
 */
export function auditGroupLabel(group: string): string {
  return audited.find((entity) => entity.audit.group === group)?.audit.groupLabel ?? `audit:groups.${group}`;
}

/** The i18n key of a target type's label: the entity's own (its `audit.targetLabel`), else the audit namespace's. */
export function auditTargetLabel(targetType: string): string {
  return (
    audited.find((entity) => entity.noun === targetType)?.audit.targetLabel ??
    `audit:targetTypes.${targetType}`
  );
}

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

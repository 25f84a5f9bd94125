import { entities, type EntityRegistry } from '@/entities';

// What an organization's webhooks can be told: each tenant-owned entity of the registry created, updated
// or deleted (an entity the generator adds is offered by itself), and its members added and removed.
// Every event comes from the audit entry of the change (src/features/audit/record.server.ts), written in
// the change's own transaction.

const VERBS = { create: 'created', update: 'updated', delete: 'deleted' } as const;

/** The organization's own audit actions that change its members, and the event each is. */
const MEMBER_EVENTS: Record<string, string> = {
  'organization.accept-invitation': 'member.added',
  'organization.remove-member': 'member.removed',
  'organization.leave': 'member.removed',
};

/** Every event type an endpoint may ask for, in the order the form offers them. */
export function webhookEvents(registry: EntityRegistry = entities): string[] {
  const ofEntities = Object.values(registry).flatMap((entity) =>
    entity.tenantOwned ? Object.values(VERBS).map((verb) => `${entity.noun}.${verb}`) : [],
  );
  return [...ofEntities, 'member.added', 'member.removed'];
}

/** The event an audit action is, if any: `repository.create` → `repository.created`. */
export function eventOfAuditAction(action: string, registry: EntityRegistry = entities): string | null {
  if (Object.hasOwn(MEMBER_EVENTS, action)) return MEMBER_EVENTS[action] ?? null;
  const [noun = '', verb = ''] = action.split('.');
  const entity = Object.values(registry).find((candidate) => candidate.noun === noun);
  if (!entity?.tenantOwned || !Object.hasOwn(VERBS, verb)) return null;
  return `${noun}.${VERBS[verb as keyof typeof VERBS]}`;
}

/** The event a test delivery sends ("Send test event"). */
export const TEST_EVENT = 'webhook.test';

import { entities, type EntityRegistry } from '@/entities';

// What an API key may do: read or write one tenant-owned entity of the registry (src/entities.ts), named by
// its plural as the public API's paths are (`repositories:read` for GET /api/v1/repositories). An entity
// the generator adds is offered by itself. Stored as better-auth's permission statements, which the
// API-key plugin keeps with each key: `{ "repositories": ["read", "write"] }`.

export type ScopeAction = 'read' | 'write';

/** One scope as the key's creator picks it and the API's reference names it. */
export type Scope = `${string}:${ScopeAction}`;

const ACTIONS: readonly ScopeAction[] = ['read', 'write'];

/** The plural of every tenant-owned entity, in the registry's order: the API's collections. */
export function apiCollections(registry: EntityRegistry = entities): string[] {
  return Object.values(registry).flatMap((entity) => (entity.tenantOwned ? [entity.tenantOwned.plural] : []));
}

/** Every scope a key may be given, read before write for each collection. */
export function apiScopes(registry: EntityRegistry = entities): Scope[] {
  return apiCollections(registry).flatMap((plural) =>
    ACTIONS.map((action) => `${plural}:${action}` as Scope),
  );
}

/** Every scope with the entity it is about (its noun: its i18n namespace names its rows) and its action. */
export function apiScopeOptions(
  registry: EntityRegistry = entities,
): { scope: Scope; noun: string; action: ScopeAction }[] {
  return Object.values(registry).flatMap((entity) =>
    entity.tenantOwned
      ? ACTIONS.map((action) => ({
          scope: `${entity.tenantOwned?.plural}:${action}` as Scope,
          noun: entity.noun,
          action,
        }))
      : [],
  );
}

/** The plugin's statements for a set of scopes (each once). */
export function scopesToPermissions(scopes: readonly Scope[]): Record<string, ScopeAction[]> {
  const permissions: Record<string, ScopeAction[]> = {};
  for (const scope of scopes) {
    const [collection = '', action] = scope.split(':') as [string, ScopeAction];
    const actions = (permissions[collection] ??= []);
    if (!actions.includes(action)) actions.push(action);
  }
  return permissions;
}

/** A key's scopes from its stored statements, in the order `apiScopes` offers them; unknown ones dropped. */
export function permissionsToScopes(permissions: Record<string, string[]> | null | undefined): Scope[] {
  return apiScopes().filter((scope) => {
    const [collection = '', action = ''] = scope.split(':');
    return permissions?.[collection]?.includes(action) ?? false;
  });
}

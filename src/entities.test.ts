import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { appConfig } from '~/app.config';
import { entities, type EntityRegistry, i18nNamespaces } from '@/entities';
import type * as registryModule from '@/entities';
import { actionsOfGroup, auditActionGroup, type AuditAction } from '@/features/audit/schema';
import {
  auditActionGroups,
  auditGroupLabel,
  auditSearch,
  auditTargetLabel,
  auditTargetTypes,
} from '@/features/audit/search';
import { SENTENCE_NAMESPACES } from '@/features/audit/sentence';
import {
  grants,
  organizationCan,
  type PermissionRequest,
  roleCan,
  statements,
} from '@/features/auth/permissions';
import {
  isSavedViewList,
  normalizeViewSearch,
  savedViewListLabel,
  savedViewLists,
  savedViewPermission,
} from '@/features/saved-view/lists';
import { API_ROUTES } from '@/server/policy/api-routes';
import { SERVER_FUNCTIONS } from '@/server/policy/server-functions';
import { createTestI18n } from '@/test/i18n';

// The readers of the entity registry. The registry is mocked to hold a fifth entity made the way
// `pnpm scaffold:entity` makes one: the repository's entry and its import lines copied out of
// src/entities.ts and renamed (price-list, price-lists), nothing else. Every reader must then know it, so
// each test fails for a reader that lists entities itself; the same tests pin what the four real ones get.

vi.mock('@/entities', async (importOriginal) => {
  const real = await importOriginal<typeof registryModule>();
  const { readFileSync: read } = await import('node:fs');
  const { auditSearchOf } = await import('@/features/audit/view');
  const source = read(new URL('./entities.ts', import.meta.url), 'utf8');
  const lines = source.split('\n');
  const start = lines.indexOf('  repository: {');
  const block = lines.slice(start, lines.indexOf('  },', start) + 1).join('\n');
  // In a string: kebab-case (namespaces, paths, lists); elsewhere an identifier, camel or Pascal.
  const rename = (text: string) =>
    text
      .split("'")
      .map((part, at) =>
        at % 2 === 1
          ? part.replaceAll('repositories', 'price-lists').replaceAll('repository', 'price-list')
          : part
              .replaceAll('Repositories', 'PriceLists')
              .replaceAll('Repository', 'PriceList')
              .replaceAll('repositories', 'priceLists')
              .replaceAll('repository', 'priceList'),
      )
      .join("'");
  // Each import line of the entry, renamed: the new names bound to what the repository's import.
  const bindings = new Map<string, unknown>();
  for (const line of lines.filter((text) => text.startsWith('import ') && /repositor/i.test(text))) {
    const [, names = '', from = ''] = /^import \{ (.+) \} from '(.+)';$/.exec(line) ?? [];
    const module: Record<string, unknown> = await import(/* @vite-ignore */ from);
    for (const name of names.split(', ')) {
      const [imported = '', local = imported] = name.split(' as ');
      bindings.set(rename(local), module[imported]);
    }
  }
  const copy = new Function(...bindings.keys(), `return {\n${rename(block)}\n};`)(
    ...bindings.values(),
  ) as EntityRegistry;
  const registry: EntityRegistry = {
    ...real.entities,
    ...copy,
    // The log's reader reads the registry it is in (src/entities.ts): this one.
    audit: {
      ...real.entities.audit,
      list: { ...real.entities.audit.list, search: auditSearchOf(() => registry) },
    },
  };
  return { ...real, entities: registry };
});

/** The copy, as the mocked registry holds it (the registry's type knows the real four only). */
const copied = (entities as EntityRegistry).priceList;
const realEntities = Object.entries(entities).filter(([key]) => key !== 'priceList');
const loose = (table: object) => table as Record<string, unknown>;

describe('the registry', () => {
  it('holds the repository as one entry, its imports on their own lines, and markers for the next one', () => {
    const source = readFileSync(new URL('./entities.ts', import.meta.url), 'utf8');
    const lines = source.split('\n');
    const start = lines.indexOf('  repository: {');
    const end = lines.indexOf('  },', start);
    const imports = lines.filter((line) => line.startsWith('import '));
    const own = imports.filter((line) => /repositor/i.test(line));
    expect(own).toHaveLength(2);
    for (const line of own) expect(line).not.toMatch(/\b(user|organization|audit)\b/i);
    // Nothing else in the file names it.
    const elsewhere = lines.filter((line, at) => (at < start || at > end) && !own.includes(line));
    expect(elsewhere.filter((line) => /repositor/i.test(line))).toEqual([]);
    expect(lines[lines.indexOf(imports.at(-1) ?? '') + 1]).toBe(
      "// New entities' imports: pnpm scaffold:entity adds them above this line.",
    );
    const marker = lines.indexOf('  // New entities: pnpm scaffold:entity adds them above this line.');
    expect(marker).toBeGreaterThan(end);
    expect(lines[marker - 1]).toBe('  },');
    expect(lines[marker + 1]).toMatch(/^\} as const/);
  });

  it('gives a renamed copy of the repository entry the new names everywhere', () => {
    expect(copied).toMatchObject({
      noun: 'price-list',
      tenantOwned: { plural: 'price-lists' },
      audit: {
        group: 'price-lists',
        groupLabel: 'price-list:audit.group',
        targetLabel: 'price-list:audit.target',
        detail: '/manager/price-lists/$id',
      },
      list: { name: 'price-lists', read: { priceList: ['read'] } },
      nav: {
        app: { to: '/app/price-lists', label: 'price-list:nav' },
        manager: { to: '/manager/price-lists', label: 'price-list:nav', group: 'application' },
      },
      exports: [
        { path: '/api/export/price-lists', access: 'organization-member' },
        { path: '/api/export/platform-price-lists', access: { apps: ['manager'], priceList: ['read'] } },
      ],
    });
  });
});

describe('the access control reads the registry', () => {
  it("declares each entity's statement and grants it as the entry says", () => {
    expect(loose(statements).priceList).toEqual(['read', 'create', 'update', 'delete']);
    expect(loose(grants.admin).priceList).toEqual(['read', 'create', 'update', 'delete']);
    expect(loose(grants.user).priceList).toEqual(['read']);
    const ask = { priceList: ['read'] } as PermissionRequest;
    expect(roleCan('user', ask)).toBe(true);
    expect(roleCan('user', { priceList: ['create'] } as PermissionRequest)).toBe(false);
    expect(roleCan('admin', { priceList: ['delete'] } as PermissionRequest)).toBe(true);
    // The real ones, as spec §6 has them.
    expect(statements.repository).toEqual(['read', 'create', 'update', 'delete']);
    expect(statements.organization).toEqual(['list', 'delete']);
    expect(grants.user.repository).toEqual(['read']);
    expect(loose(grants.user).organization).toBeUndefined();
    expect(grants.admin.organization).toEqual(['list', 'delete']);
  });

  it("lets an organization's owners and admins, not its members, change its rows", () => {
    for (const noun of ['priceList', 'repository']) {
      for (const action of ['create', 'update', 'delete']) {
        const request = { [noun]: [action] };
        expect(organizationCan('owner', request), `${noun}:${action}`).toBe(true);
        expect(organizationCan('admin', request), `${noun}:${action}`).toBe(true);
        expect(organizationCan('member', request), `${noun}:${action}`).toBe(false);
      }
    }
  });

  it('keeps the request types exact', () => {
    // @ts-expect-error: not an action of the repository's statement.
    const wrongAction: PermissionRequest = { repository: ['fly'] };
    // @ts-expect-error: no such statement.
    const wrongResource: PermissionRequest = { planet: ['read'] };
    // @ts-expect-error: not an audited verb of the repository.
    const wrongVerb: AuditAction = 'repository.fly';
    const rightVerb: AuditAction = 'repository.export';
    expect([wrongAction, wrongResource, wrongVerb, rightVerb]).toHaveLength(4);
  });
});

describe('the audit log reads the registry', () => {
  it("knows each entity's target type, group and actions, the others' after them", () => {
    expect(auditTargetTypes).toEqual(expect.arrayContaining(['price-list', 'repository', 'user', 'audit']));
    // The product's groups in their order (an entity generated since brings its own before the copy's), the
    // copy's last among the entities', then signing in and the system.
    const known = ['users', 'sessions', 'repositories', 'organizations', 'price-lists', 'signIn', 'system'];
    expect(auditActionGroups.filter((group) => known.includes(group))).toEqual(known);
    expect(auditActionGroups.slice(-3)).toEqual(['price-lists', 'signIn', 'system']);
    expect(actionsOfGroup('price-lists' as never)).toEqual([
      'price-list.create',
      'price-list.update',
      'price-list.delete',
      'price-list.export',
    ]);
    expect(loose(auditActionGroup)['repository.delete']).toBe('repositories');
    expect(auditActionGroup['audit.export']).toBe('system');
  });

  it("reads a URL naming the entity's group or target, and its saved views alike", () => {
    expect(
      auditSearch.parse({ group: 'price-lists', targetType: 'price-list', targetId: 'p1' }),
    ).toMatchObject({
      group: 'price-lists',
      targetType: 'price-list',
      targetId: 'p1',
    });
    expect(normalizeViewSearch('audit', { group: 'price-lists' })).toEqual({ group: 'price-lists' });
    expect(normalizeViewSearch('audit', { group: 'planets' })).toEqual({});
  });

  it("writes the entity's sentences and labels in its own namespace", () => {
    expect(SENTENCE_NAMESPACES[0]).toBe('audit');
    expect(SENTENCE_NAMESPACES).toEqual(expect.arrayContaining(['price-list', 'repository', 'account']));
    expect(auditGroupLabel('price-lists')).toBe('price-list:audit.group');
    expect(auditTargetLabel('price-list')).toBe('price-list:audit.target');
    expect(auditGroupLabel('sessions')).toBe('audit:groups.sessions');
    expect(auditTargetLabel('team')).toBe('audit:targetTypes.team');
  });
});

describe('saved views read the registry', () => {
  it("offer the entity's list, read with its reader, behind its read permission", () => {
    expect(savedViewLists.slice(0, 3)).toEqual(['users', 'repositories', 'audit']);
    expect(savedViewLists.at(-1)).toBe('price-lists');
    expect(isSavedViewList('price-lists')).toBe(true);
    expect(isSavedViewList('organizations')).toBe(false);
    const list = 'price-lists' as never;
    expect(savedViewPermission(list)).toEqual({ priceList: ['read'] });
    expect(savedViewListLabel(list)).toBe('price-list:nav');
    expect(normalizeViewSearch(list, { sort: 'name', organizationId: 'o1', role: 'admin' })).toEqual({
      sort: 'name',
      organizationId: 'o1',
    });
    expect(savedViewPermission('repositories')).toEqual({ repository: ['read'] });
    expect(savedViewPermission('audit')).toEqual({ user: ['list'] });
  });
});

describe('the policy tables read the registry', () => {
  const READ = { demo: 'runs', impersonation: 'allowed', recentSignIn: false, rateLimit: 'calls' };
  const CHANGE = { ...READ, demo: 'refused' };
  // The repository's twelve rows as they were written out before the registry.
  const repositoryRows = {
    $listRepositories: { access: 'organization-member', ...READ },
    $getRepository: { access: 'organization-member', ...READ },
    $createRepository: { access: { organization: { repository: ['create'] } }, ...CHANGE },
    $updateRepository: { access: { organization: { repository: ['update'] } }, ...CHANGE },
    $deleteRepository: { access: { organization: { repository: ['delete'] } }, ...CHANGE },
    $bulkDeleteRepositories: { access: { organization: { repository: ['delete'] } }, ...CHANGE },
    $listPlatformRepositories: { access: { apps: ['manager'], repository: ['read'] }, ...READ },
    $getPlatformRepository: { access: { apps: ['manager'], repository: ['read'] }, ...READ },
    $createPlatformRepository: { access: { apps: ['manager'], repository: ['create'] }, ...CHANGE },
    $updatePlatformRepository: { access: { apps: ['manager'], repository: ['update'] }, ...CHANGE },
    $deletePlatformRepository: { access: { apps: ['manager'], repository: ['delete'] }, ...CHANGE },
    $bulkDeletePlatformRepositories: { access: { apps: ['manager'], repository: ['delete'] }, ...CHANGE },
  };
  const rowsOf = (file: string) =>
    Object.fromEntries(
      Object.entries(SERVER_FUNCTIONS)
        .filter(([key]) => key.startsWith(`${file}#`))
        .map(([key, policy]) => [key.slice(file.length + 1), policy]),
    );
  const renamed = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value)
        .replaceAll('Repositories', 'PriceLists')
        .replaceAll('Repository', 'PriceList')
        .replaceAll('repository', 'priceList'),
    ) as unknown;

  it("derive a tenant-owned entity's function rows by the naming convention", () => {
    expect(rowsOf('src/features/repository/functions.ts')).toEqual(repositoryRows);
    expect(rowsOf('src/features/price-list/functions.ts')).toEqual(renamed(repositoryRows));
  });

  it("list each entity's exports", () => {
    const exports = API_ROUTES.filter((route) => route.path.startsWith('/api/export/'));
    const EXPORT = {
      method: 'GET',
      demo: 'runs',
      impersonation: 'allowed',
      recentSignIn: false,
      rateLimit: 'csv-export',
    };
    // The product's four first, then each entity added since (a generated one's, then the copy's).
    expect(exports.slice(0, 4).concat(exports.slice(-2))).toEqual([
      { path: '/api/export/users', access: { user: ['list'] }, ...EXPORT },
      { path: '/api/export/repositories', access: 'organization-member', ...EXPORT },
      {
        path: '/api/export/platform-repositories',
        access: { apps: ['manager'], repository: ['read'] },
        ...EXPORT,
      },
      { path: '/api/export/audit', access: { user: ['list'] }, ...EXPORT },
      { path: '/api/export/price-lists', access: 'organization-member', ...EXPORT },
      {
        path: '/api/export/platform-price-lists',
        access: { apps: ['manager'], priceList: ['read'] },
        ...EXPORT,
      },
    ]);
  });
});

describe("the real entities' texts and pages", () => {
  const routeTree = readFileSync(new URL('./routeTree.gen.ts', import.meta.url), 'utf8');

  it('load each namespace, with a file in every language', () => {
    for (const [, entity] of realEntities) {
      expect(i18nNamespaces).toContain(entity.noun);
      for (const language of appConfig.languages) {
        expect(
          existsSync(new URL(`../public/locales/${language}/${entity.noun}.json`, import.meta.url)),
        ).toBe(true);
      }
    }
  });

  it('name their labels in every language and link pages that exist', () => {
    const registry: EntityRegistry = Object.fromEntries(realEntities);
    for (const language of appConfig.languages) {
      const i18n = createTestI18n(language);
      for (const entity of Object.values(registry)) {
        const keys = [
          entity.audit?.groupLabel,
          entity.audit?.targetLabel,
          entity.nav?.app?.label,
          entity.nav?.manager?.label,
        ].flatMap((key) => (key ? [key] : []));
        for (const key of keys) expect(i18n.exists(key), `${language} ${key}`).toBe(true);
      }
    }
    for (const entity of Object.values(registry)) {
      for (const path of [entity.audit?.detail, entity.nav?.app?.to, entity.nav?.manager?.to]) {
        if (path) expect(routeTree, path).toContain(`'${path}'`);
      }
    }
  });
});

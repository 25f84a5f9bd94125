// The entity scaffold, planned on the real tree: what `pnpm scaffold:entity price-list price-lists` would
// add, without writing it (writing is tried in a temporary folder).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { names, planEntity, renameContent, touchList, writePlan } from './scaffold-entity.ts';

const root = new URL('..', import.meta.url).pathname;
const plan = planEntity(root, 'price-list', 'price-lists');
const content = (to: string) => plan.find((file) => file.to === to)?.content ?? '';
const code = plan.filter((file) => /\.tsx?$/.test(file.to));

/** Identifiers as TypeScript parses them, JSX names included. */
function identifiers(path: string, source: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true));
  return found;
}

const IDENTIFIER_SPELLING: Record<string, string> = {
  Repositories: 'PriceLists',
  repositories: 'priceLists',
  REPOSITORIES: 'PRICE_LISTS',
  Repository: 'PriceList',
  repository: 'priceList',
  REPOSITORY: 'PRICE_LIST',
};

describe('planEntity', () => {
  it('copies the whole repository feature, tests included, and every language of its words', () => {
    const feature = readdirSync(join(root, 'src/features/repository'), { recursive: true, encoding: 'utf8' });
    const files = feature.filter((f) => /\.\w+$/.test(f)).map((f) => `src/features/repository/${f}`);
    expect(files).toContain('src/features/repository/mutations.integration.test.ts');
    expect(plan.map((file) => file.from)).toEqual(expect.arrayContaining(files));
    expect(plan.filter((file) => file.to.endsWith('/price-list.json'))).toHaveLength(4);
    expect(plan.map((file) => file.to)).toEqual(
      expect.arrayContaining([
        'src/server/db/schema/price-list.ts',
        'src/features/price-list/components/price-list-form.tsx',
        'src/routes/app/price-lists/$id/index.tsx',
        'src/routes/manager/price-lists/$id/update.tsx',
        'public/locales/ar/price-list.json',
        'e2e/manager-price-lists.spec.ts',
      ]),
    );
  });

  it('plans only new paths, each once, each naming the new noun', () => {
    const targets = plan.map((file) => file.to);
    expect(new Set(targets).size).toBe(targets.length);
    for (const to of targets) {
      expect(to, to).toMatch(/price-lists?/);
      expect(existsSync(join(root, to)), to).toBe(false);
    }
  });

  it('leaves no "repository" in any path or content', () => {
    const left = plan.filter((file) => /repositor/i.test(file.to + file.content)).map((file) => file.to);
    expect(left).toEqual([]);
  });

  it('keeps every TypeScript file parseable, every identifier renamed as an identifier', () => {
    for (const file of code) {
      const { diagnostics = [] } = ts.transpileModule(file.content, {
        fileName: file.to,
        reportDiagnostics: true,
        compilerOptions: { jsx: ts.JsxEmit.ReactJSX },
      });
      expect(
        diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
        file.to,
      ).toEqual([]);
      const expected = identifiers(file.from, readFileSync(join(root, file.from), 'utf8')).map((name) =>
        name.replace(/repositor(?:y|ies)/gi, (word) => IDENTIFIER_SPELLING[word] ?? word),
      );
      expect(identifiers(file.to, file.content), file.to).toEqual(expected);
    }
  });

  it('spells SQL names in snake_case, and the data module names the constraint the table declares', () => {
    const table = content('src/server/db/schema/price-list.ts');
    expect(table).toContain("pgTable(\n  'price_list',");
    expect(table).toContain(
      "uniqueIndex('price_list_organization_name_unique').on(t.organizationId, t.name)",
    );
    expect(table).toContain("index('price_list_created_at_idx')");
    expect(content('src/features/price-list/data.server.ts')).toContain(
      "const NAME_CONSTRAINT = 'price_list_organization_name_unique';",
    );
  });

  it('gives each route the path of its file', () => {
    const routes = code.filter((file) => file.to.startsWith('src/routes/'));
    expect(routes).toHaveLength(8);
    for (const file of routes) {
      const path = file.to
        .replace(/^src\/routes/, '')
        .replace(/\.tsx$/, '')
        .replace(/index$/, '');
      expect(file.content, file.to).toContain(`createFileRoute('${path}')`);
    }
  });

  it('uses its own namespace, whose words and audit sentences exist', () => {
    const namespaces = code.flatMap((file) => [
      ...file.content.matchAll(/useTranslation\('([^']+)'\)|ns="([^"]+)"|\bt\('([\w-]+):/g),
    ]);
    // Besides its own and the shared words: the manager's organization filter, the organization feature's.
    expect(new Set(namespaces.map((m) => m[1] ?? m[2] ?? m[3]))).toEqual(
      new Set(['price-list', 'common', 'organization']),
    );
    const actions = [
      ...content('src/features/price-list/mutations.server.ts').matchAll(/action: '([^']+)'/g),
    ];
    expect(actions.map((m) => m[1])).toEqual(['price-list.create', 'price-list.update', 'price-list.delete']);
    const english = JSON.parse(content('public/locales/en/price-list.json')) as Record<string, unknown>;
    expect(Object.keys(english.audit as object)).toEqual(['create', 'update', 'delete', 'export']);
    expect(english.nav).toBe('Price lists');
  });
});

describe('renameContent', () => {
  const all = names('price-list', 'price-lists');
  it('spells the noun for where it stands', () => {
    const source = [
      "// The repository's page, in the `repository` namespace.",
      "const repositoryKeys = ['repository', 'list'];",
      "t('Repositories'); t('Delete this repository?'); link('/manager/repositories/new');",
      'const rows = sql`insert into ${repository} values`;',
      "const RE = /\\/repositories\\/'/; const FORGED = 'drop table repository';",
      "toast('It\\'s the repository'); // repositoryKeys",
    ].join('\n');
    expect(renameContent(source, 'src/features/price-list/x.ts', all)).toBe(
      [
        "// The price list's page, in the `price-list` namespace.",
        "const priceListKeys = ['price-list', 'list'];",
        "t('Price lists'); t('Delete this price list?'); link('/manager/price-lists/new');",
        'const rows = sql`insert into ${priceList} values`;',
        "const RE = /\\/price-lists\\/'/; const FORGED = 'drop table price list';",
        "toast('It\\'s the price list'); // priceListKeys",
      ].join('\n'),
    );
  });
});

describe('names', () => {
  it('refuses what cannot name an entity', () => {
    for (const [noun, nouns] of [
      ['Price List', 'Price Lists'],
      ['price_list', 'price_lists'],
      ['note', 'note'],
      ['repository', 'repositories'],
      ['', ''],
    ] as const) {
      expect(() => names(noun, nouns), `${noun} ${nouns}`).toThrow();
    }
    expect(names('note', 'notes').plural).toMatchObject({ camel: 'notes', pascal: 'Notes', snake: 'notes' });
  });
});

describe('writePlan', () => {
  const target = mkdtempSync(join(tmpdir(), 'scaffold-entity-'));
  afterAll(() => rmSync(target, { recursive: true, force: true }));

  it('writes every planned file, then refuses to overwrite any of them and writes nothing', () => {
    writePlan(target, plan);
    expect(plan.every((file) => readFileSync(join(target, file.to), 'utf8') === file.content)).toBe(true);
    const [kept, ...rest] = plan;
    for (const file of rest) rmSync(join(target, file.to));
    expect(() => writePlan(target, plan)).toThrow(`refusing to overwrite:\n  ${kept?.to}`);
    expect(rest.filter((file) => existsSync(join(target, file.to)))).toEqual([]);
  });
});

describe('touchList', () => {
  it('names each existing file to touch, with a permission line per planned server function', () => {
    const list = touchList(plan, 'price-list', 'price-lists');
    for (const file of [
      'src/server/db/schema/index.ts',
      'app.config.ts',
      'src/routes/app/route.tsx',
      'src/routes/manager/route.tsx',
      'src/features/auth/permissions.ts',
      'src/features/audit/schema.ts',
      'src/server/db/seed/data.ts',
    ]) {
      expect(
        list.some((line) => line.startsWith(file)),
        file,
      ).toBe(true);
      expect(existsSync(join(root, file)), file).toBe(true);
    }
    const functions = [...content('src/features/price-list/functions.ts').matchAll(/export const (\$\w+)/g)];
    // Six in an organization (the app area), six across organizations (the manager area), bulk delete included.
    expect(functions).toHaveLength(12);
    const line = (name: string) => list.find((entry) => entry.includes(`functions.ts#${name}'`));
    expect(line('$listPriceLists')).toMatch(/': \{ access: 'organization-member', \.\.\.READ \},$/);
    expect(line('$createPriceList')).toMatch(
      /': \{ access: \{ organization: \{ priceList: \['create'\] \} \}, \.\.\.CHANGE \},$/,
    );
    expect(line('$deletePlatformPriceList')).toMatch(
      /': \{ access: \{ apps: \['manager'\], priceList: \['delete'\] \}, \.\.\.CHANGE \},$/,
    );
    expect(line('$bulkDeletePriceLists')).toMatch(
      /': \{ access: \{ organization: \{ priceList: \['delete'\] \} \}, \.\.\.CHANGE \},$/,
    );
    expect(line('$getPlatformPriceList')).toMatch(
      /': \{ access: \{ apps: \['manager'\], priceList: \['read'\] \}, \.\.\.READ \},$/,
    );
    expect(list.filter((entry) => entry.startsWith('src/server/policy/server-functions.ts'))).toHaveLength(
      12,
    );
  });
});

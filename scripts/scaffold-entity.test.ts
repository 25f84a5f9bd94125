// The entity generator, planned on the real tree without writing it (writing is tried in a temporary
// folder). The whole proof, a generated entity built, checked and tested, is scripts/scaffold-check.ts.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addEntry,
  GUIDE,
  GUIDE_EXAMPLE,
  guideWithListing,
  layoutFree,
  planEntity,
  sliceFiles,
  sliceOnDisk,
  writePlan,
} from './scaffold-entity.ts';
import { renameContent } from './scaffold/rename.ts';
import { EVERY_KIND, names, parseEntity, parseField } from './scaffold/spec.ts';

const root = new URL('..', import.meta.url).pathname;
// Its own noun, so the test also passes in scaffold-check's copy, where `ticket` exists.
const plan = planEntity(root, ['gadget', 'gadgets', ...EVERY_KIND.slice(2)]);
const content = (to: string) => plan.files.find((file) => file.to === to)?.content ?? '';
const code = plan.files.filter((file) => /\.tsx?$/.test(file.to));

describe('the slice', () => {
  it('gives every file of the repository slice a counterpart: a new file there fails this test', () => {
    // The repository's files the generator copies, writes from the fields, or says what covers them.
    expect(sliceOnDisk(root)).toEqual([...sliceFiles()].sort());
  });
});

describe('planEntity', () => {
  it('plans only new paths, each once, each naming the new noun, and no repository left', () => {
    const targets = plan.files.map((file) => file.to);
    expect(new Set(targets).size).toBe(targets.length);
    for (const file of plan.files) {
      expect(file.to, file.to).toMatch(/gadget/);
      expect(existsSync(join(root, file.to)), file.to).toBe(false);
    }
    // An entity that names no repository keeps none of the copied files' words.
    const plain = planEntity(root, ['note', 'notes', 'title:string']);
    expect(
      plain.files.filter((file) => /repositor/i.test(file.to + file.content)).map((file) => file.to),
    ).toEqual([]);
  });

  it('writes parseable TypeScript, and every route file has the path of its file', () => {
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
    }
    const routes = code.filter((file) => /^src\/routes\/(app|manager)\//.test(file.to));
    expect(routes).toHaveLength(8);
    for (const file of routes) {
      const path = file.to
        .replace(/^src\/routes/, '')
        .replace(/\.tsx$/, '')
        .replace(/index$/, '');
      expect(file.content, file.to).toContain(`createFileRoute('${path}')`);
    }
  });

  it('fits the table to the fields: a check for the enum, a unique index per organization, a trigram index', () => {
    const table = content('src/server/db/schema/gadget.ts');
    expect(table).toContain("uniqueIndex('gadget_organization_title_unique').on(t.organizationId, t.title)");
    expect(table).toContain("index('gadget_summary_trgm_idx').using('gin'");
    expect(table).toContain("'gadget_state_check'");
    expect(table).toContain("budget: numeric('budget', { precision: 12, scale: 2 }).notNull()");
    expect(table).toContain("due: date('due', { mode: 'string' }),");
    expect(table).toContain(
      "repository: uuid('repository').references(() => repository.id, { onDelete: 'set null' })",
    );
    expect(content('src/features/gadget/values.ts')).toContain(
      "export const gadgetStates = ['open', 'in-review', 'closed'] as const;",
    );
  });

  it("gives the public API's collection an answer schema per field kind, each reference as its row's id", () => {
    const api = content('src/features/gadget/api.server.ts');
    for (const line of [
      'summaryExcerpt: z.string().nullable(),',
      'summary: z.string().nullable(),',
      'estimate: z.int().nullable(),',
      'budget: z.string().regex(/^-?\\d+\\.\\d{2}$/),',
      'billable: z.boolean(),',
      'state: z.enum(gadgetStates),',
      'due: z.iso.date().nullable(),',
      'startsAt: z.iso.datetime({ offset: true }),',
      'repository: z.string().nullable(),',
      "collection: 'gadgets',",
    ]) {
      expect(api, line).toContain(line);
    }
    expect(api).toContain('repository: row.repository?.id ?? null,');
    expect(content('src/features/gadget/api.integration.test.ts')).toContain(
      'gadgetApi.update(A, created.id',
    );
  });

  it('gives every language the same words, and the title replaces the repository name in the copies', () => {
    const english = content('public/locales/en/gadget.json');
    expect(JSON.parse(english)).toMatchObject({
      nav: 'Gadgets',
      fields: { title: 'Title', startsAt: 'Starts at' },
      values: { state: { open: 'Open', 'in-review': 'In review', closed: 'Closed' } },
      audit: { create: '<actor>{{actor}}</actor> created the gadget <target>{{target}}</target>' },
    });
    expect(content('public/locales/sw/gadget.json')).toBe(english);
    expect(JSON.parse(content('public/locales/fr/gadget.json')).delete.done).toBe(
      'Gadget «\u202f{{name}}\u202f» deleted',
    );
    expect(JSON.parse(content('public/locales/ar/gadget.json')).delete.done).toBe(
      'Gadget «{{name}}» deleted',
    );
    expect(content('src/routes/app/gadgets/$id/index.tsx')).toContain('(gadget) => gadget.title');
    expect(content('src/features/gadget/mutations.server.ts')).toContain(
      "const editableFields = ['title', 'code', 'summary', 'estimate', 'budget', 'billable', 'state', 'due', 'startsAt', 'repository'] as const;",
    );
    // Its creation counts against a plan's `gadgets` limit (app.config.ts), and a form refused for it
    // offers the way to the plans.
    expect(content('src/features/gadget/mutations.server.ts')).toContain(
      "await withinPlanLimit(tx, organizationId, 'gadgets');",
    );
    expect(content('src/features/gadget/components/gadget-form.tsx')).toContain('<PlanUpgradeLink />');
    expect(JSON.parse(content('public/locales/en/gadget.json')).errors.PLAN_LIMIT_REACHED).toBe(
      "The organization's plan allows no more gadgets. An owner can upgrade it under Organization, Plan and billing.",
    );
  });

  it("adds the entity's entry above each shared list's marker, which the tree still has", () => {
    expect(plan.entries.map((entry) => entry.file)).toEqual(
      expect.arrayContaining([
        'src/server/db/schema/index.ts',
        'app.config.ts',
        'src/server/db/seed/seed.ts',
        'src/entities.ts',
        'src/server/api/resources.ts',
      ]),
    );
    for (const entry of plan.entries.filter((entry) => !entry.file.endsWith('.json'))) {
      const edited = addEntry(readFileSync(join(root, entry.file), 'utf8'), entry);
      expect(edited, entry.file).toContain(entry.text);
    }
    // The budget gets the entity's eight pages, at the repository's weights.
    const budget = JSON.parse(
      addEntry(
        readFileSync(join(root, 'bundle-budget.json'), 'utf8'),
        plan.entries.at(-1) ?? { file: '', marker: '', text: '{}' },
      ),
    ) as Record<string, { total: number }>;
    const pages = Object.keys(budget).filter((route) => route.includes('/gadgets'));
    expect(pages).toHaveLength(8);
    expect(budget['/manager/gadgets/']?.total).toBe(budget['/manager/repositories/']?.total);
    expect(() => addEntry('no marker here', { file: 'x.ts', marker: '// New', text: 'x' })).toThrow(
      'lost its marker',
    );
  });
});

describe('parseField and parseEntity', () => {
  it('reads every kind with its rules', () => {
    expect(parseField('due:date?')).toMatchObject({
      name: 'due',
      kind: 'date',
      optional: true,
      column: 'due',
    });
    expect(parseField('startsAt:datetime')).toMatchObject({ column: 'starts_at', label: 'Starts at' });
    expect(parseField('state:enum(open,closed)=closed')).toMatchObject({
      values: ['open', 'closed'],
      defaultValue: 'closed',
    });
    expect(parseField('name:string:unique:search')).toMatchObject({ unique: true, search: true });
    expect(parseField('owner:ref(price-list.title)')).toMatchObject({
      target: { singular: { camel: 'priceList' }, plural: { kebab: 'price-lists' } },
      targetTitle: 'title',
    });
    expect(parseField('repo:ref(repository)').target?.plural.kebab).toBe('repositories');
  });

  it('refuses what it cannot build, saying why', () => {
    for (const [text, message] of [
      ['due:time', 'not a field kind'],
      ['state:enum(one)', 'two or more'],
      ['state:enum(a,b)?', 'always has a value'],
      ['count:integer:unique', 'only a required string can be unique'],
      ['count:integer:search', 'only a string or a text'],
      ['id:string', 'taken by every entity'],
      ['Name:string', 'camelCase'],
      ['flag:boolean=yes', 'a default is one of'],
    ] as const) {
      expect(() => parseField(text), text).toThrow(message);
    }
    expect(() => parseEntity(['note', 'notes', 'due:date'])).toThrow('the first field is the title');
    expect(() => parseEntity(['note', 'notes', 'a:string:search', 'b:text:search'])).toThrow('one field');
    expect(() => parseEntity(['note', 'notes'])).toThrow('give the fields');
  });

  it('refuses what cannot name an entity', () => {
    for (const [noun, nouns] of [
      ['Price List', 'Price Lists'],
      ['price_list', 'price_lists'],
      ['note', 'note'],
      ['repository', 'repositories'],
    ] as const) {
      expect(() => names(noun, nouns), `${noun} ${nouns}`).toThrow();
    }
    expect(names('price-list', 'price-lists').plural).toMatchObject({
      camel: 'priceLists',
      snake: 'price_lists',
    });
  });
});

describe('renameContent', () => {
  it('spells the noun for where it stands', () => {
    const source = [
      "// The repository's page, in the `repository` namespace.",
      "const repositoryKeys = ['repository', 'list'];",
      "t('Repositories'); t('Delete this repository?'); link('/manager/repositories/new');",
      'const rows = sql`insert into ${repository} values`;',
      "const RE = /\\/repositories\\/'/; const FORGED = 'drop table repository';",
      "toast('It\\'s the repository'); // repositoryKeys",
    ].join('\n');
    expect(renameContent(source, 'src/features/price-list/x.ts', names('price-list', 'price-lists'))).toBe(
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

describe('writePlan', () => {
  const target = mkdtempSync(join(tmpdir(), 'scaffold-entity-'));
  afterAll(() => rmSync(target, { recursive: true, force: true }));

  it('writes every file and entry, then refuses to overwrite and writes nothing', () => {
    for (const file of new Set(plan.entries.map((entry) => entry.file))) {
      mkdirSync(dirname(join(target, file)), { recursive: true });
      writeFileSync(join(target, file), readFileSync(join(root, file)));
    }
    writePlan(target, plan);
    expect(plan.files.every((file) => readFileSync(join(target, file.to), 'utf8') === file.content)).toBe(
      true,
    );
    expect(readFileSync(join(target, 'src/server/db/schema/index.ts'), 'utf8')).toMatch(
      /export \* from '\.\/gadget\.ts';\n$/,
    );
    const [kept, ...rest] = plan.files;
    for (const file of rest) rmSync(join(target, file.to));
    const index = readFileSync(join(target, 'src/server/db/schema/index.ts'), 'utf8');
    expect(() => writePlan(target, plan)).toThrow(`refusing to overwrite:\n  ${kept?.to}`);
    expect(rest.filter((file) => existsSync(join(target, file.to)))).toEqual([]);
    expect(readFileSync(join(target, 'src/server/db/schema/index.ts'), 'utf8')).toBe(index);
  });
});

describe('the guide', () => {
  it('lists exactly what the command adds and touches for its example (pnpm scaffold:entity --guide writes it)', () => {
    const guide = readFileSync(join(root, GUIDE), 'utf8');
    const expected = guideWithListing(guide, planEntity(root, GUIDE_EXAMPLE));
    expect(layoutFree(guide)).toBe(layoutFree(expected));
  });
});

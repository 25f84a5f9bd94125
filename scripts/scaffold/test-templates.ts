// The tests of a generated entity, fitted to its fields: the same ground as the repository's tests (rules,
// data with tenancy, audited changes and bulk delete, CSV export, the form, the list page, a journey).
import { filterParams, isFilter } from './fields.ts';
import type { EntitySpec, Field } from './spec.ts';

const lines = (...parts: Array<string | false | undefined | null>) =>
  parts.filter((part): part is string => typeof part === 'string').join('\n');

const refs = (spec: EntitySpec) => spec.fields.filter((field) => field.kind === 'ref');
const targetsOf = (spec: EntitySpec) => [
  ...new Map(refs(spec).map((field) => [field.target?.singular.camel ?? '', field])).values(),
];

/** A value the checked form outputs for row `n` (`ref` is the expression of a referenced row's id). */
function value(field: Field, n: number, ref: string): string {
  switch (field.kind) {
    case 'string':
      return `'${field.label} ${n}'`;
    case 'text':
      return `'${field.label} of row ${n}'`;
    case 'integer':
      return String(n * 10);
    case 'decimal':
      return `'${n}.50'`;
    case 'boolean':
      return n % 2 === 0 ? 'true' : 'false';
    case 'enum':
      return `'${field.values[n % field.values.length]}'`;
    case 'date':
      return `'2026-0${1 + (n % 9)}-1${n % 10}'`;
    case 'datetime':
      return `'2026-0${1 + (n % 9)}-1${n % 10}T09:30:00.000Z'`;
    case 'ref':
      return ref;
  }
}

/** What the form holds for a valid row (numbers typed as text). */
function input(field: Field, ref: string): string {
  if (field.kind === 'integer') return "'42'";
  if (field.kind === 'decimal') return "'12.5'";
  return value(field, 1, ref);
}

/** The ids of the rows each reference names, in A (`refs`) and in B (`otherRefs`), set in `beforeAll`. */
function refsDeclaration(spec: EntitySpec): string | undefined {
  if (refs(spec).length === 0) return undefined;
  const empty = `{ ${refs(spec)
    .map((field) => `${field.name}: ''`)
    .join(', ')} }`;
  return `const refs = ${empty};\nconst otherRefs = ${empty};`;
}

/** `{ field: value, … }` of row `n`; references to `refs.<field>`. */
function valuesOf(spec: EntitySpec, n: number, refsVar = 'refs'): string {
  return `{ ${spec.fields.map((field) => `${field.name}: ${value(field, n, `${refsVar}.${field.name}`)}`).join(', ')} }`;
}

/** src/features/<noun>/schema.test.ts */
export function schemaTestFile(spec: EntitySpec): string {
  const { singular: N } = spec.names;
  const form = `z${N.pascal}Form`;
  const valid = `{ ${spec.fields.map((field) => `${field.name}: ${input(field, "'00000000-0000-4000-8000-000000000001'")}`).join(', ')} }`;
  const problem = (field: Field, given: string, message: string) =>
    `    expect(messageOf({ ...valid, ${field.name}: ${given} }, '${field.name}')).toBe('form.${field.name}.${message}');`;
  const checks = spec.fields.flatMap((field): string[] => {
    const out: string[] = [];
    if (!field.optional && field.kind !== 'boolean' && field.kind !== 'enum')
      out.push(problem(field, "''", 'required'));
    if (field.kind === 'string' || field.kind === 'text') {
      out.push(problem(field, `'x'.repeat(appConfig.limits.${N.camel}${field.pascal}Max + 1)`, 'max'));
    }
    if (field.kind === 'integer') {
      out.push(problem(field, "'4.5'", 'invalid'), problem(field, "'-1'", 'min'));
      out.push(problem(field, `String(appConfig.limits.${N.camel}${field.pascal}Max + 1)`, 'max'));
    }
    if (field.kind === 'decimal')
      out.push(problem(field, "'1.234'", 'invalid'), problem(field, "'abc'", 'invalid'));
    if (field.kind === 'enum') out.push(problem(field, "'unknown'", 'required'));
    if (field.kind === 'date') out.push(problem(field, "'2026-02-30'", 'invalid'));
    if (field.kind === 'datetime') out.push(problem(field, "'yesterday'", 'invalid'));
    return out;
  });
  const optional = spec.fields.filter((field) => field.optional);
  const needsLimits = spec.fields.some((field) => ['string', 'text', 'integer'].includes(field.kind));
  return lines(
    "import { describe, expect, it } from 'vitest';",
    needsLimits && "import { appConfig } from '~/app.config';",
    `import { ${form}, z${N.pascal}ListQuery } from './schema';`,
    '',
    `const valid = ${valid};`,
    '',
    '/** The message of the first issue on `field`, or undefined when it passes. */',
    'function messageOf(input: unknown, field: string): string | undefined {',
    `  const result = ${form}.safeParse(input);`,
    '  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;',
    '}',
    '',
    `describe('${form}', () => {`,
    "  it('accepts a full form, and a second check of its output gives the same values', () => {",
    `    const values = ${form}.parse(valid);`,
    `    expect(${form}.parse(values)).toEqual(values);`,
    ...spec.fields
      .filter((field) => field.kind === 'decimal')
      .map((field) => `    expect(values.${field.name}).toBe('12.50');`),
    ...spec.fields
      .filter((field) => field.kind === 'integer')
      .map((field) => `    expect(values.${field.name}).toBe(42);`),
    '  });',
    '',
    "  it('names the problem of each field with its own message', () => {",
    ...(checks.length > 0 ? checks : ['    expect(messageOf(valid, "id")).toBeUndefined();']),
    '  });',
    optional.length > 0 &&
      lines(
        '',
        "  it('stores a blank optional field as null', () => {",
        `    const values = ${form}.parse({ ...valid, ${optional.map((field) => `${field.name}: ''`).join(', ')} });`,
        ...optional.map((field) => `    expect(values.${field.name}).toBeNull();`),
        '  });',
      ),
    ...spec.fields
      .filter((field) => field.kind === 'string')
      .slice(0, 1)
      .map((field) =>
        lines(
          '',
          "  it('cleans a one-line text before checking it', () => {",
          `    expect(${form}.parse({ ...valid, ${field.name}: '  Two\\nlines\\u200B ' }).${field.name}).toBe('Two lines');`,
          `    expect(messageOf({ ...valid, ${field.name}: ' \\u200B ' }, '${field.name}')).toBe('form.${field.name}.required');`,
          '  });',
        ),
      ),
    '});',
    '',
    `describe('z${N.pascal}ListQuery', () => {`,
    "  it('refuses a sort it does not offer', () => {",
    `    expect(z${N.pascal}ListQuery.safeParse({ sort: 'organizationId' }).success).toBe(false);`,
    `    expect(z${N.pascal}ListQuery.parse({}).sort).toBe('created');`,
    '  });',
    '});',
    '',
  );
}

/** src/features/<noun>/search.test.ts */
export function searchTestFile(spec: EntitySpec): string {
  const { singular: N } = spec.names;
  const filters = spec.fields.filter(isFilter);
  const good = filters.flatMap((field) => {
    if (field.kind === 'enum') return [[field.name, `'${field.values[1]}'`]];
    if (field.kind === 'boolean') return [[field.name, "'yes'"]];
    return filterParams(field).map((param) => [param, "'2026-03-01'"]);
  });
  return lines(
    "import { describe, expect, it } from 'vitest';",
    `import { ${N.camel}ListDefaults, ${N.camel}ListSearch, platform${N.pascal}ListSearch } from './search';`,
    '',
    `describe('${N.camel}ListSearch', () => {`,
    "  it('reads the view from the URL, and falls back to the default for anything it does not know', () => {",
    `    expect(${N.camel}ListSearch.parse({})).toEqual(${N.camel}ListDefaults);`,
    `    expect(${N.camel}ListSearch.parse({ sort: '${spec.title.name}', order: 'asc', searchTerm: ' x '${good.map(([key, v]) => `, ${key}: ${v}`).join('')} })).toEqual({`,
    `      ...${N.camel}ListDefaults,`,
    `      sort: '${spec.title.name}',`,
    "      order: 'asc',",
    "      searchTerm: 'x',",
    ...good.map(([key, v]) => `      ${key}: ${v},`),
    '    });',
    `    expect(${N.camel}ListSearch.parse({ sort: 'id', order: 'up'${good.map(([key]) => `, ${key}: 'nonsense'`).join('')} })).toEqual(${N.camel}ListDefaults);`,
    '  });',
    '',
    "  it('adds the organization in the manager area', () => {",
    `    expect(platform${N.pascal}ListSearch.parse({ organizationId: 'acme' }).organizationId).toBe('acme');`,
    `    expect(platform${N.pascal}ListSearch.parse({ organizationId: 'x'.repeat(65) }).organizationId).toBe('');`,
    '  });',
    '});',
    '',
  );
}

/** The imports and setup shared by the integration tests: two organizations, referenced rows in each. */
function integrationSetup(spec: EntitySpec, extraTables: string[]): string {
  const targets = targetsOf(spec);
  const tables = [
    'organization',
    ...extraTables,
    ...targets.map((field) => field.target?.singular.camel ?? ''),
  ];
  return lines(
    `import { ${[...new Set(tables)].sort().join(', ')} } from '@/server/db/schema/index';`,
    targets.length > 0
      ? "import { createTestDatabase, insertSampleRow, type TestDatabase } from '@/test/database';"
      : "import { createTestDatabase, type TestDatabase } from '@/test/database';",
  );
}

function integrationBefore(spec: EntitySpec): string {
  return lines(
    '  await db.insert(organization).values([',
    "    { id: A, name: 'Alpha', slug: 'alpha' },",
    "    { id: B, name: 'Beta', slug: 'beta' },",
    '  ]);',
    ...refs(spec).map(
      (field) =>
        `  refs.${field.name} = await insertSampleRow(db, ${field.target?.singular.camel}, A);\n  otherRefs.${field.name} = await insertSampleRow(db, ${field.target?.singular.camel}, B);`,
    ),
  );
}

/** src/features/<noun>/data.integration.test.ts */
export function dataTestFile(spec: EntitySpec): string {
  const { singular: N, plural: P } = spec.names;
  const title = spec.title.name;
  const searched = spec.searched;
  const tagged = (tag: string, n: number) =>
    `values(${n}, { ${title}: \`\${${tag}} ${n}\`${searched !== spec.title ? `, ${searched.name}: \`\${${tag}} ${searched.label} ${n}\`` : ''} })`;
  const filterTests = spec.fields.filter(isFilter).map((field) => {
    const [low, high, view] =
      field.kind === 'enum'
        ? [`'${field.values[0]}'`, `'${field.values[1]}'`, `{ ${field.name}: '${field.values[1]}' as const }`]
        : field.kind === 'boolean'
          ? ['false', 'true', `{ ${field.name}: 'yes' as const }`]
          : field.kind === 'date'
            ? [
                "'2026-01-10'",
                "'2026-03-10'",
                `{ ${field.name}From: '2026-02-01', ${field.name}To: '2026-03-10' }`,
              ]
            : [
                "'2026-01-10T08:00:00.000Z'",
                "'2026-03-10T23:30:00.000Z'",
                `{ ${field.name}From: '2026-02-01', ${field.name}To: '2026-03-10' }`,
              ];
    return lines(
      '',
      `  it('narrows the list by ${field.label.toLowerCase()}', async () => {`,
      `    const tag = 'filter-${field.name}';`,
      `    const low = await insert${N.pascal}(A, { ...${tagged('tag', 1)}, ${field.name}: ${low} }, db);`,
      `    const high = await insert${N.pascal}(A, { ...${tagged('tag', 2)}, ${field.name}: ${high} }, db);`,
      `    expect(await listed({ organizationId: A }, { searchTerm: tag })).toEqual([high.id, low.id]);`,
      `    expect(await listed({ organizationId: A }, { searchTerm: tag, ...${view} })).toEqual([high.id]);`,
      `    const view = { ...${N.camel}ListDefaults, searchTerm: tag, ...${view} };`,
      `    expect(await list${N.pascal}Ids({ organizationId: A }, view, 10, db)).toEqual([high.id]);`,
      '  });',
    );
  });
  return lines(
    "import { afterAll, beforeAll, describe, expect, it } from 'vitest';",
    "import type { Database } from '@/server/db/client';",
    integrationSetup(spec, []),
    (spec.fields.some((field) => field.unique) || refs(spec).length > 0) &&
      "import { AppError } from '@/lib/errors';",
    'import {',
    `  delete${N.pascal},`,
    `  find${N.pascal}ById,`,
    `  insert${N.pascal},`,
    `  list${N.pascal}Ids,`,
    `  list${P.pascal},`,
    `  type ${N.pascal}Scope,`,
    `  update${N.pascal},`,
    "} from './data.server';",
    `import type { ${N.pascal}Values } from './schema';`,
    `import { type ${N.pascal}ListView, ${N.camel}ListDefaults } from './search';`,
    '',
    'let testDb: TestDatabase;',
    'let db: Database;',
    "const A = 'org-a';",
    "const B = 'org-b';",
    refsDeclaration(spec),
    '',
    'beforeAll(async () => {',
    '  testDb = await createTestDatabase();',
    '  db = testDb.handle.db;',
    integrationBefore(spec),
    '});',
    'afterAll(() => testDb?.cleanup());',
    '',
    `const values = (n: number, overrides: Partial<${N.pascal}Values> = {}): ${N.pascal}Values => ({`,
    `  ...${valuesOf(spec, 0)},`,
    `  ${title}: '${spec.title.label} ' + String(n),`,
    '  ...overrides,',
    '});',
    '',
    '/** The ids a list view shows in the scope, first page. */',
    `async function listed(scope: ${N.pascal}Scope, view: Partial<${N.pascal}ListView>): Promise<string[]> {`,
    `  const page = await list${P.pascal}(scope, { ...${N.camel}ListDefaults, ...view, limit: 100 }, db);`,
    '  return page.items.map((item) => item.id);',
    '}',
    '',
    `describe('insert${N.pascal} and find${N.pascal}ById', () => {`,
    "  it('stores every field and reads it back in its organization only', async () => {",
    `    const created = await insert${N.pascal}(A, ${valuesOf(spec, 3)}, db);`,
    `    expect(created).toMatchObject({ organization: { id: A, name: 'Alpha' }, ${spec.fields
      .map((field) =>
        field.kind === 'ref'
          ? `${field.name}: { id: refs.${field.name} }`
          : `${field.name}: ${value(field, 3, '')}`,
      )
      .join(', ')} });`,
    `    expect(await find${N.pascal}ById({ organizationId: A }, created.id, db)).toEqual(created);`,
    `    expect(await find${N.pascal}ById({ platform: true }, created.id, db)).toEqual(created);`,
    `    expect(await find${N.pascal}ById({ organizationId: B }, created.id, db)).toBeNull();`,
    `    expect(await find${N.pascal}ById({ organizationId: A }, 'not-a-uuid', db)).toBeNull();`,
    '  });',
    ...spec.fields
      .filter((field) => field.unique)
      .map((field) =>
        lines(
          '',
          `  it('refuses a ${field.label.toLowerCase()} the organization has already with CONFLICT:${field.name}; another organization may have it', async () => {`,
          `    await insert${N.pascal}(A, values(10, { ${field.name}: 'Taken' }), db);`,
          `    await expect(insert${N.pascal}(A, values(11, { ${field.name}: 'Taken' }), db)).rejects.toMatchObject(`,
          `      new AppError('CONFLICT', '${field.name}'),`,
          '    );',
          `    await expect(insert${N.pascal}(B, ${valuesOf(spec, 11, 'otherRefs')}, db)).resolves.toBeDefined();`,
          '  });',
        ),
      ),
    ...refs(spec).map((field) =>
      lines(
        '',
        `  it('refuses a ${field.label.toLowerCase()} of another organization with NOT_FOUND:${field.name}', async () => {`,
        `    await expect(insert${N.pascal}(A, values(20, { ${field.name}: otherRefs.${field.name} }), db)).rejects.toMatchObject(`,
        `      new AppError('NOT_FOUND', '${field.name}'),`,
        '    );',
        `    await expect(insert${N.pascal}(A, values(21, { ${field.name}: 'not-a-uuid' }), db)).rejects.toMatchObject(`,
        `      new AppError('NOT_FOUND', '${field.name}'),`,
        '    );',
        '  });',
      ),
    ),
    '});',
    '',
    `describe('list${P.pascal}', () => {`,
    "  it('finds by the search term, in the order asked, and only in the scope', async () => {",
    "    const tag = 'searched';",
    `    const b = await insert${N.pascal}(A, ${tagged('tag', 2)}, db);`,
    `    const a = await insert${N.pascal}(A, ${tagged('tag', 1)}, db);`,
    `    await insert${N.pascal}(B, { ...${valuesOf(spec, 5, 'otherRefs')}, ${title}: \`\${tag} in B\`${searched !== spec.title ? `, ${searched.name}: \`\${tag} in B\`` : ''} }, db);`,
    '    expect(await listed({ organizationId: A }, { searchTerm: tag })).toEqual([a.id, b.id]);',
    `    expect(await listed({ organizationId: A }, { searchTerm: tag, sort: '${title}', order: 'asc' })).toEqual([a.id, b.id]);`,
    `    expect(await listed({ organizationId: A }, { searchTerm: tag, sort: '${title}', order: 'desc' })).toEqual([b.id, a.id]);`,
    '    expect(await listed({ platform: true }, { searchTerm: tag })).toHaveLength(3);',
    '    expect(await listed({ platform: true, organizationId: B }, { searchTerm: tag })).toHaveLength(1);',
    '  });',
    ...filterTests,
    '});',
    '',
    `describe('update${N.pascal} and delete${N.pascal}', () => {`,
    "  it('changes and deletes a row of the scope; an id of another organization is not found and changes nothing', async () => {",
    `    const created = await insert${N.pascal}(A, values(30), db);`,
    `    expect(await update${N.pascal}({ organizationId: B }, created.id, values(31), db)).toBeNull();`,
    `    expect(await delete${N.pascal}({ organizationId: B }, created.id, db)).toBeNull();`,
    `    expect(await find${N.pascal}ById({ organizationId: A }, created.id, db)).toEqual(created);`,
    `    const updated = await update${N.pascal}({ organizationId: A }, created.id, values(31), db);`,
    `    expect(updated?.previous).toEqual(created);`,
    `    expect(updated?.current.${title}).toBe('${spec.title.label} 31');`,
    `    expect(await delete${N.pascal}({ organizationId: A }, created.id, db)).toEqual({ id: created.id, ${title}: '${spec.title.label} 31', organizationId: A });`,
    `    expect(await find${N.pascal}ById({ platform: true }, created.id, db)).toBeNull();`,
    '  });',
    '});',
    '',
  );
}

/** src/features/<noun>/mutations.integration.test.ts */
export function mutationsTestFile(spec: EntitySpec): string {
  const { singular: N } = spec.names;
  const title = spec.title.name;
  // The searched field holds the term too when it is not the title.
  const tagged = (text: string) =>
    `{ ${title}: '${text}'${spec.searched === spec.title ? '' : `, ${spec.searched.name}: '${text}'`} }`;
  return lines(
    "import { eq } from 'drizzle-orm';",
    "import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';",
    "import type { Database } from '@/server/db/client';",
    integrationSetup(spec, ['auditLog', 'user', N.camel]),
    'import {',
    `  change${N.pascal},`,
    `  create${N.pascal},`,
    `  remove${spec.names.plural.pascal},`,
    `  remove${N.pascal},`,
    `  resolve${N.pascal}Selection,`,
    "} from './mutations.server';",
    `import type { ${N.pascal}Values } from './schema';`,
    `import { ${N.camel}ListDefaults } from './search';`,
    '',
    'let testDb: TestDatabase;',
    'let db: Database;',
    "const A = 'org-a';",
    "const B = 'org-b';",
    "const actor = { userId: 'owner-a', ip: '198.51.100.4' };",
    refsDeclaration(spec),
    '',
    'beforeAll(async () => {',
    '  testDb = await createTestDatabase();',
    '  db = testDb.handle.db;',
    "  await db.insert(user).values({ id: 'owner-a', name: 'Olga', email: 'olga@example.test', emailVerified: true });",
    integrationBefore(spec),
    '});',
    'afterAll(() => testDb?.cleanup());',
    'beforeEach(async () => {',
    '  await db.delete(auditLog);',
    `  await db.delete(${N.camel});`,
    '});',
    '',
    `const values = (n: number, overrides: Partial<${N.pascal}Values> = {}): ${N.pascal}Values => ({`,
    `  ...${valuesOf(spec, 0)},`,
    `  ${title}: '${spec.title.label} ' + String(n),`,
    '  ...overrides,',
    '});',
    'const entries = () => db.select().from(auditLog);',
    '',
    `describe('the ${N.prose} changes', () => {`,
    "  it('records each change with its audit entry, and a change with no difference records nothing', async () => {",
    `    const created = await create${N.pascal}(A, values(1), actor, db);`,
    '    expect(await entries()).toEqual([',
    '      expect.objectContaining({',
    `        action: '${N.kebab}.create',`,
    `        targetType: '${N.kebab}',`,
    '        targetId: created.id,',
    `        metadata: { label: '${spec.title.label} 1' },`,
    '        organizationId: A,',
    "        actorUserId: 'owner-a',",
    '      }),',
    '    ]);',
    `    await change${N.pascal}({ organizationId: A }, created.id, values(1), actor, db);`,
    '    expect(await entries()).toHaveLength(1);',
    `    await change${N.pascal}({ organizationId: A }, created.id, values(2), actor, db);`,
    `    const update = (await entries()).find((entry) => entry.action === '${N.kebab}.update');`,
    `    expect(update?.metadata).toMatchObject({ changed: '${title}' });`,
    `    expect(await remove${N.pascal}({ organizationId: A }, created.id, actor, db)).toBe(true);`,
    `    expect((await entries()).map((entry) => entry.action).sort()).toEqual(['${N.kebab}.create', '${N.kebab}.delete', '${N.kebab}.update']);`,
    '  });',
    '',
    "  it('changes nothing and records nothing for an id of another organization', async () => {",
    `    const other = await create${N.pascal}(B, ${valuesOf(spec, 3, 'otherRefs')}, actor, db);`,
    '    await db.delete(auditLog);',
    `    expect(await change${N.pascal}({ organizationId: A }, other.id, values(4), actor, db)).toBeNull();`,
    `    expect(await remove${N.pascal}({ organizationId: A }, other.id, actor, db)).toBe(false);`,
    '    expect(await entries()).toEqual([]);',
    `    expect(await db.select().from(${N.camel}).where(eq(${N.camel}.id, other.id))).toHaveLength(1);`,
    '  });',
    '});',
    '',
    `describe('the bulk delete', () => {`,
    '  it("deletes the scope\'s rows one by one, each audited, and answers NOT_FOUND without a name for another organization\'s", async () => {',
    `    const mine = await create${N.pascal}(A, values(5), actor, db);`,
    `    const other = await create${N.pascal}(B, ${valuesOf(spec, 6, 'otherRefs')}, actor, db);`,
    '    await db.delete(auditLog);',
    `    const rows = await remove${spec.names.plural.pascal}({ organizationId: A }, [mine.id, other.id], actor, db);`,
    '    expect(rows).toEqual([',
    `      expect.objectContaining({ id: mine.id, name: '${spec.title.label} 5', outcome: 'done' }),`,
    "      expect.objectContaining({ id: other.id, name: '', outcome: 'skipped', reason: 'NOT_FOUND' }),",
    '    ]);',
    `    expect((await entries()).map((entry) => entry.action)).toEqual(['${N.kebab}.delete']);`,
    '  });',
    '',
    "  it('resolves a view to the ids it matches, and refuses past the limit', async () => {",
    `    const a = await create${N.pascal}(A, values(7, ${tagged('view-row one')}), actor, db);`,
    `    const b = await create${N.pascal}(A, values(8, ${tagged('view-row two')}), actor, db);`,
    `    const view = { ...${N.camel}ListDefaults, searchTerm: 'view-row', sort: '${title}' as const, order: 'asc' as const };`,
    `    expect(await resolve${N.pascal}Selection({ organizationId: A }, { view }, { db })).toEqual([a.id, b.id]);`,
    `    await expect(resolve${N.pascal}Selection({ organizationId: A }, { view }, { db, max: 1 })).rejects.toMatchObject({`,
    "      code: 'BULK_TOO_MANY',",
    '    });',
    '  });',
    '});',
    '',
  );
}

/** src/features/<noun>/export.integration.test.ts */
export function exportTestFile(spec: EntitySpec): string {
  const { singular: N, plural: P } = spec.names;
  const title = spec.title.name;
  return lines(
    "import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';",
    "import type { Database } from '@/server/db/client';",
    "import { readCsv } from '@/test/csv';",
    "import { setRequestSession } from '@/test/request-session';",
    integrationSetup(spec, ['member', 'user']),
    `import { insert${N.pascal} } from './data.server';`,
    `import { export${P.pascal}Csv, exportPlatform${P.pascal}Csv } from './export.server';`,
    '',
    "// The route's session read is the request's (cookies); here the caller is set directly.",
    "vi.mock('@/server/auth/session', () => import('@/test/request-session'));",
    '',
    'let testDb: TestDatabase;',
    'let db: Database;',
    "const A = 'org-a';",
    "const B = 'org-b';",
    refsDeclaration(spec),
    'const as = (id: string, role: string, activeOrganizationId: string | null) =>',
    '  setRequestSession({ user: { id, role }, session: { activeOrganizationId } });',
    'const url = (path: string, view: Record<string, string> = {}) =>',
    '  new Request(`http://localhost/api/export/${path}?${new URLSearchParams(view).toString()}`);',
    '',
    'beforeAll(async () => {',
    '  testDb = await createTestDatabase();',
    '  db = testDb.handle.db;',
    '  await db.insert(user).values([',
    "    { id: 'member-a', name: 'Ann', email: 'ann@example.test', emailVerified: true },",
    "    { id: 'admin', name: 'Ada', email: 'ada@example.test', emailVerified: true, role: 'admin' },",
    '  ]);',
    integrationBefore(spec),
    "  await db.insert(member).values({ id: 'm1', organizationId: A, userId: 'member-a', role: 'member' });",
    `  await insert${N.pascal}(A, ${valuesOf(spec, 1)}, db);`,
    `  await insert${N.pascal}(A, { ...${valuesOf(spec, 2)}, ${title}: '=SUM(1+1)' }, db);`,
    `  await insert${N.pascal}(B, ${valuesOf(spec, 3, 'otherRefs')}, db);`,
    '});',
    'afterAll(() => testDb?.cleanup());',
    '',
    `describe('the ${P.prose} CSV exports', () => {`,
    "  it('gives a member the active organization’s rows, with a header in their language, formulas defused', async () => {",
    "    as('member-a', 'user', A);",
    `    const response = await export${P.pascal}Csv(url('${P.kebab}', { sort: '${title}', order: 'asc' }), db);`,
    '    expect(response.status).toBe(200);',
    '    const { records } = await readCsv(response);',
    `    expect(records[0]).toEqual(['ID', ${spec.fields.map((field) => `'${field.label}'`).join(', ')}, 'Organization', 'Created']);`,
    `    expect(records.slice(1).map((record) => record[1])).toEqual(["'=SUM(1+1)", '${spec.title.label} 1']);`,
    "    expect(new Set(records.slice(1).map((record) => record.at(-2)))).toEqual(new Set(['Alpha']));",
    '  });',
    '',
    "  it('refuses a bad view, and the manager export to whoever may not read every organization’s', async () => {",
    "    as('member-a', 'user', A);",
    `    const bad = await export${P.pascal}Csv(url('${P.kebab}', { sort: 'organizationId' }), db);`,
    '    expect(bad.status).toBe(400);',
    `    expect((await exportPlatform${P.pascal}Csv(url('platform-${P.kebab}'), db)).status).toBe(403);`,
    "    as('admin', 'admin', null);",
    `    const all = await readCsv(await exportPlatform${P.pascal}Csv(url('platform-${P.kebab}'), db));`,
    '    expect(all.records).toHaveLength(4);',
    `    const one = await readCsv(await exportPlatform${P.pascal}Csv(url('platform-${P.kebab}', { organizationId: B }), db));`,
    `    expect(one.records.slice(1).map((record) => record[1])).toEqual(['${spec.title.label} 3']);`,
    '  });',
    '});',
    '',
  );
}

/** src/features/<noun>/components/<noun>-form.test.tsx */
export function formTestFile(spec: EntitySpec): string {
  const { singular: N } = spec.names;
  const required = spec.fields.filter(
    (field) => !field.optional && ['string', 'text', 'integer', 'decimal'].includes(field.kind),
  );
  const filled = `{ ${spec.fields
    .map((field) => {
      if (field.kind === 'date') return `${field.name}: new Date(2026, 2, 15)`;
      if (field.kind === 'ref') return `${field.name}: ''`;
      return `${field.name}: ${input(field, "''")}`;
    })
    .join(', ')} }`;
  const unique = spec.fields.find((field) => field.unique);
  const refRequired = refs(spec).some((field) => !field.optional);
  return lines(
    "import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';",
    "import { screen, waitFor } from '@testing-library/react';",
    "import userEvent from '@testing-library/user-event';",
    "import { describe, expect, it, vi } from 'vitest';",
    unique && "import { AppError } from '@/lib/errors';",
    "import { renderRouter } from '@/test/render';",
    "import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';",
    `import type { ${N.pascal}FormInput } from '../schema';`,
    `import { ${N.pascal}Form } from './${N.kebab}-form';`,
    '',
    'stubViewport(DESKTOP_WIDTH);',
    'window.scrollTo = () => {};',
    refs(spec).length > 0 &&
      lines(
        ...targetsOf(spec).map(
          (field) =>
            `vi.mock('@/features/${field.target?.singular.kebab}/functions', () => ({\n  $list${field.target?.plural.pascal}: vi.fn().mockResolvedValue({ items: [] }),\n  $listPlatform${field.target?.plural.pascal}: vi.fn().mockResolvedValue({ items: [] }),\n}));`,
        ),
      ),
    '',
    `function renderForm(onSubmit: (values: unknown) => Promise<unknown>, defaultValues?: ${N.pascal}FormInput) {`,
    '  const rootRoute = createRootRoute();',
    '  const formRoute = createRoute({',
    '    getParentRoute: () => rootRoute,',
    "    path: '/',",
    '    component: () => (',
    `      <${N.pascal}Form`,
    '        defaultValues={defaultValues}',
    `        submitLabel="Create ${N.prose}"`,
    '        onSubmit={onSubmit}',
    '        onSaved={() => {}}',
    '        onCancel={() => {}}',
    '      />',
    '    ),',
    '  });',
    '  const router = createRouter({ routeTree: rootRoute.addChildren([formRoute]), history: createMemoryHistory() });',
    '  renderRouter(router);',
    '}',
    '',
    `const submit = async () => userEvent.click(await screen.findByRole('button', { name: 'Create ${N.prose}' }));`,
    '',
    `describe('${N.pascal}Form', () => {`,
    "  it('shows each translated message on its field and sends nothing', async () => {",
    '    const onSubmit = vi.fn();',
    '    renderForm(onSubmit);',
    '    await submit();',
    ...required.map(
      (field) => `    expect(await screen.findByText('${field.label} is required')).toBeVisible();`,
    ),
    required.length === 0 &&
      "    await waitFor(() => expect(screen.getByRole('button', { name: /Create/ })).toBeEnabled());",
    '    expect(onSubmit).not.toHaveBeenCalled();',
    '  });',
    !refRequired &&
      lines(
        '',
        "  it('sends the checked values', async () => {",
        '    const onSubmit = vi.fn().mockResolvedValue({});',
        `    renderForm(onSubmit, ${filled});`,
        '    await submit();',
        '    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));',
        `    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ ${spec.fields
          .filter((field) => field.kind !== 'ref')
          .map((field) => {
            if (field.kind === 'date') return `${field.name}: '2026-03-15'`;
            if (field.kind === 'integer') return `${field.name}: 42`;
            if (field.kind === 'decimal') return `${field.name}: '12.50'`;
            return `${field.name}: ${input(field, "''")}`;
          })
          .join(', ')} });`,
        '  });',
      ),
    unique &&
      !refRequired &&
      lines(
        '',
        `  it('marks a ${unique.label.toLowerCase()} the server finds taken on its field, keeping what was typed', async () => {`,
        `    renderForm(vi.fn().mockRejectedValue(new AppError('CONFLICT', '${unique.name}')), ${filled});`,
        '    await submit();',
        `    expect(await screen.findByText('${unique.label} already used')).toBeVisible();`,
        `    expect(screen.getByRole('textbox', { name: '${unique.label}' })).toHaveValue(${input(unique, "''")});`,
        '  });',
      ),
    '});',
    '',
  );
}

/** src/features/<noun>/components/<noun>-list-page.test.tsx */
export function listPageTestFile(spec: EntitySpec): string {
  const { singular: N, plural: P } = spec.names;
  const t = N.camel;
  const enumField = spec.fields.find((field) => field.kind === 'enum');
  const itemFields = spec.fields.map((field) => {
    if (field.kind === 'text') return `${field.name}Excerpt: null`;
    if (field.kind === 'ref')
      return `${field.name}: ${field.optional ? 'null' : "{ id: 'ref-1', label: 'Referenced' }"}`;
    return `${field.name}: ${field === spec.title ? 'title' : value(field, 1, '')}`;
  });
  return lines(
    "import { screen, waitFor, within } from '@testing-library/react';",
    "import userEvent from '@testing-library/user-event';",
    "import { beforeEach, describe, expect, it, vi } from 'vitest';",
    "import { renderListRoute } from '@/test/list-route';",
    `import type { ${N.pascal}ListItem } from '../schema';`,
    `import { ${N.camel}ListDefaults, ${N.camel}ListSearch, platform${N.pascal}ListDefaults, platform${N.pascal}ListSearch } from '../search';`,
    `import { ${N.pascal}ListPage } from './${N.kebab}-list-page';`,
    '',
    `const { list${P.pascal} } = vi.hoisted(() => ({ list${P.pascal}: vi.fn() }));`,
    "vi.mock('../functions', () => ({",
    `  $list${P.pascal}: list${P.pascal},`,
    `  $listPlatform${P.pascal}: list${P.pascal},`,
    `  $delete${N.pascal}: vi.fn(),`,
    `  $deletePlatform${N.pascal}: vi.fn(),`,
    '}));',
    "vi.mock('@/features/organization/functions', () => ({",
    "  $listOrganizationChoices: vi.fn().mockResolvedValue([{ id: 'org-1', name: 'Org' }]),",
    '  $listMyOrganizations: vi.fn(),',
    '}));',
    "vi.mock('@/features/auth/functions', () => ({",
    '  $getSession: vi.fn(),',
    '  $getAuthConfig: vi.fn(),',
    '  $completeOnboarding: vi.fn(),',
    '}));',
    '',
    '// TanStack Router restores the scroll position after navigating; jsdom has no scrolling.',
    'window.scrollTo = () => {};',
    '',
    `const ${t} = (id: string, title: string): ${N.pascal}ListItem => ({`,
    '  id,',
    ...itemFields.map((field) => `  ${field},`),
    "  createdAt: '2026-01-01T00:00:00Z',",
    "  organization: { id: 'org-1', name: 'Org' },",
    '});',
    '',
    "function renderList(area: 'app' | 'manager') {",
    "  if (area === 'manager') {",
    '    return renderListRoute({',
    `      path: '/manager/${P.kebab}',`,
    `      url: '/manager/${P.kebab}',`,
    `      search: platform${N.pascal}ListSearch,`,
    `      defaults: platform${N.pascal}ListDefaults,`,
    "      viewer: { role: 'admin', organizationRole: 'owner' },",
    `      page: (view, onViewChange) => <${N.pascal}ListPage area={area} view={view} onViewChange={onViewChange} />,`,
    '    });',
    '  }',
    '  return renderListRoute({',
    `    path: '/app/${P.kebab}',`,
    `    url: '/app/${P.kebab}',`,
    `    search: ${N.camel}ListSearch,`,
    `    defaults: ${N.camel}ListDefaults,`,
    "    viewer: { role: 'user', organizationRole: 'member' },",
    `    page: (view, onViewChange) => <${N.pascal}ListPage area={area} view={view} onViewChange={onViewChange} />,`,
    '  });',
    '}',
    '',
    `describe('the ${N.prose} list', () => {`,
    '  beforeEach(() =>',
    `    list${P.pascal}.mockReset().mockResolvedValue({`,
    `      items: [${t}('p1', 'First ${N.prose}'), ${t}('p2', 'Second ${N.prose}')],`,
    '      nextCursor: null,',
    '      total: 2,',
    '      totalCapped: false,',
    '    }),',
    '  );',
    '',
    `  it('shows each row and sorts by ${spec.title.label.toLowerCase()} from its header, through the URL', async () => {`,
    "    const { search } = renderList('manager');",
    `    const row = await screen.findByRole('row', { name: /First ${N.prose}/ }, { timeout: 5000 });`,
    enumField &&
      `    expect(within(row).getByText('${enumField.values[1]?.charAt(0).toUpperCase()}${enumField.values[1]?.slice(1).replaceAll('-', ' ')}')).toBeVisible();`,
    !enumField && '    expect(row).toBeVisible();',
    `    await userEvent.click(screen.getByRole('button', { name: '${spec.title.label}' }));`,
    `    await waitFor(() => expect(search()).toEqual({ sort: '${spec.title.name}', order: 'asc' }));`,
    '  });',
    '',
    "  it('offers a member of the organization View only, in the app area', async () => {",
    "    renderList('app');",
    `    await screen.findByRole('row', { name: /First ${N.prose}/ });`,
    `    await userEvent.click(screen.getByRole('button', { name: 'Actions for \\u2068First ${N.prose}\\u2069' }));`,
    `    const menu = screen.getByRole('group', { name: 'Actions for \\u2068First ${N.prose}\\u2069' });`,
    `    expect(Array.from(menu.querySelectorAll('a, button'), (item) => item.textContent)).toEqual(['View']);`,
    `    expect(screen.queryByRole('link', { name: 'New ${N.prose}' })).toBeNull();`,
    '  });',
    enumField &&
      lines(
        '',
        `  it('filters by ${enumField.label.toLowerCase()} through the URL, and asks the server for that view', async () => {`,
        "    const { search } = renderList('app');",
        `    await screen.findByRole('row', { name: /First ${N.prose}/ });`,
        `    await userEvent.selectOptions(screen.getByRole('combobox', { name: '${enumField.label}' }), '${enumField.values[1]}');`,
        `    await waitFor(() => expect(search()).toEqual({ ${enumField.name}: '${enumField.values[1]}' }));`,
        `    await waitFor(() => expect(list${P.pascal}).toHaveBeenLastCalledWith({ data: expect.objectContaining({ ${enumField.name}: '${enumField.values[1]}' }) }));`,
        '  });',
      ),
    '});',
    '',
  );
}

/** e2e/manager-<nouns>.spec.ts */
export function e2eFile(spec: EntitySpec): string {
  const { singular: N, plural: P } = spec.names;
  const enumField = spec.fields.find((field) => field.kind === 'enum');
  const fills = spec.fields
    .filter((field) => !field.optional || field === spec.title)
    .map((field) => {
      const label = `en('${N.kebab}:fields.${field.name}')`;
      if (field.kind === 'string' || field.kind === 'text')
        return field === spec.title
          ? `  await page.getByRole('textbox', { name: ${label}, exact: true }).fill(title);`
          : `  await page.getByRole('textbox', { name: ${label}, exact: true }).fill('${field.label} from e2e');`;
      if (field.kind === 'integer')
        return `  await page.getByRole('textbox', { name: ${label}, exact: true }).fill('7');`;
      if (field.kind === 'decimal')
        return `  await page.getByRole('textbox', { name: ${label}, exact: true }).fill('7.25');`;
      if (field.kind === 'enum')
        return `  await page.getByRole('combobox', { name: ${label} }).selectOption('${field.values[1]}');`;
      if (field.kind === 'datetime') return `  await page.getByLabel(${label}).fill('2026-03-15T10:30');`;
      if (field.kind === 'date') {
        return lines(
          `  await page.getByRole('button', { name: ${label} }).click();`,
          "  await page.getByRole('dialog').getByRole('button').filter({ hasText: /^15$/ }).first().click();",
        );
      }
      if (field.kind === 'ref') {
        return `  await page.getByRole('combobox', { name: ${label} }).selectOption({ index: 1 });`;
      }
      return '';
    });
  return lines(
    `// The ${P.prose} in the manager area: create, find it in the list${enumField ? ` and by its ${enumField.label.toLowerCase()}` : ''}, edit, delete; a`,
    '// plain user gets the 403 page. Texts come from the locale files (generated by pnpm scaffold:entity).',
    "import { randomInt } from 'node:crypto';",
    "import type { Page } from '@playwright/test';",
    "import { closeToasts, expect, expectAccessible, test } from './fixtures';",
    "import { newEmail, signIn, signInAdmin } from './support/session';",
    "import { en } from './support/text';",
    '',
    `const DETAIL_URL = /\\/manager\\/${P.kebab}\\/[0-9a-f-]{36}$/;`,
    '',
    '/** Fills the form with a valid row named `title` in Acme. */',
    'async function fillForm(page: Page, title: string) {',
    `  await page.getByRole('combobox', { name: en('${N.kebab}:form.organization.label') }).selectOption({ label: 'Acme' });`,
    ...fills,
    '}',
    '',
    "test.describe('as an admin', () => {",
    '  test.beforeEach(async ({ page }) => {',
    "    await signInAdmin(page, { name: 'Pat Admin' });",
    '  });',
    '',
    `  test('creates, finds, edits and deletes a ${N.prose}', async ({ page, visit }) => {`,
    `    const title = \`E2E ${N.prose} \${Date.now().toString(36)}\${randomInt(1000)}\`;`,
    `    await visit('/manager/${P.kebab}/new');`,
    '    await fillForm(page, title);',
    `    await page.getByRole('button', { name: en('${N.kebab}:create.submit') }).click();`,
    '    await expect(page).toHaveURL(DETAIL_URL);',
    "    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();",
    '    await expectAccessible(page);',
    '',
    `    await visit(\`/manager/${P.kebab}?searchTerm=\${encodeURIComponent(title)}${enumField ? `&${enumField.name}=${enumField.values[1]}` : ''}\`);`,
    "    await expect(page.getByRole('link', { name: title })).toBeVisible();",
    enumField &&
      lines(
        `    await visit(\`/manager/${P.kebab}?searchTerm=\${encodeURIComponent(title)}&${enumField.name}=${enumField.values[0]}\`);`,
        "    await expect(page.getByRole('status').filter({ hasText: en('dataList.noResults', { term: `\\u2068${title}\\u2069` }) })).toBeVisible();",
      ),
    '',
    `    await visit(\`/manager/${P.kebab}?searchTerm=\${encodeURIComponent(title)}\`);`,
    "    await page.getByRole('link', { name: title }).click();",
    '    await expect(page).toHaveURL(DETAIL_URL);',
    `    await page.getByRole('link', { name: en('${N.kebab}:detail.edit') }).click();`,
    `    await page.getByRole('textbox', { name: en('${N.kebab}:fields.${spec.title.name}'), exact: true }).fill(\`\${title} edited\`);`,
    `    await page.getByRole('button', { name: en('${N.kebab}:update.submit') }).click();`,
    "    await expect(page.getByRole('heading', { level: 1, name: `${title} edited` })).toBeVisible();",
    '',
    '    await closeToasts(page);',
    `    await page.getByRole('button', { name: en('${N.kebab}:delete.action') }).click();`,
    '    await page',
    `      .getByRole('dialog', { name: en('${N.kebab}:delete.title') })`,
    `      .getByRole('button', { name: en('${N.kebab}:delete.confirm') })`,
    '      .click();',
    `    await expect(page).toHaveURL(/\\/manager\\/${P.kebab}$/);`,
    '  });',
    '});',
    '',
    `test('a plain user gets the 403 page at /manager/${P.kebab}', async ({ page, visit }) => {`,
    `  await signIn(page, newEmail('${N.kebab}-user'));`,
    `  await visit('/manager/${P.kebab}');`,
    "  await expect(page.getByRole('heading', { level: 1, name: en('errors.forbidden') })).toBeVisible();",
    '});',
    '',
  );
}

/**
 * src/features/<noun>/api.integration.test.ts: the entity's collection of the public API, in the registry
 * and the OpenAPI document, and each of its five operations through the resource itself, each answer as
 * its schemas say (what src/server/api/handler.ts sends), within the organization only.
 */
export function apiTestFile(spec: EntitySpec): string {
  const { singular: N, plural: P } = spec.names;
  const title = spec.title.name;
  const api = `${N.camel}Api`;
  // What the API is sent and answers for a row: the form's values, each reference as its row's id.
  const sent = `{ ${spec.fields
    .map((field) => `${field.name}: ${value(field, 1, `refs.${field.name}`)}`)
    .join(', ')} }`;
  return lines(
    "import { afterAll, beforeAll, describe, expect, it } from 'vitest';",
    "import { openApiDocument } from '@/server/api/openapi';",
    "import type { ApiActor } from '@/server/api/resource';",
    "import { API_RESOURCES } from '@/server/api/resources';",
    "import type { Database } from '@/server/db/client';",
    integrationSetup(spec, []),
    refs(spec).length > 0 && "import { AppError } from '@/lib/errors';",
    `import { ${api} } from './api.server';`,
    '',
    'let testDb: TestDatabase;',
    'let db: Database;',
    "const A = 'org-a';",
    "const B = 'org-b';",
    "const actor: ApiActor = { userId: null, ip: '198.51.100.4' };",
    refsDeclaration(spec),
    '',
    'beforeAll(async () => {',
    '  testDb = await createTestDatabase();',
    '  db = testDb.handle.db;',
    integrationBefore(spec),
    '});',
    'afterAll(() => testDb?.cleanup());',
    '',
    '/** A body as the handler checks it: strict, through the form. */',
    `const body = (values: Record<string, unknown>) => ${api}.form.strict().parse(values) as never;`,
    '/** An answer as the handler sends it: through its schema. */',
    'type Row = { id: string } & Record<string, unknown>;',
    `const query = (values: Record<string, unknown> = {}) => ${api}.listQuery.strict().parse(values) as never;`,
    '',
    `describe('the public API collection /${P.kebab}', () => {`,
    "  it('is in the registry and in the OpenAPI document with its five operations', () => {",
    `    expect(Object.entries(API_RESOURCES)).toContainEqual(['${P.kebab}', ${api}]);`,
    '    const { paths } = openApiDocument();',
    `    expect(Object.keys(paths['/${P.kebab}'] ?? {}).sort()).toEqual(['get', 'post']);`,
    `    expect(Object.keys(paths['/${P.kebab}/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'parameters', 'patch']);`,
    '  });',
    '',
    "  it('creates, lists, reads, changes and deletes within the organization, each answer as its schema says', async () => {",
    `    const sent = ${sent};`,
    `    const created = ${api}.item.parse(await ${api}.create(A, body(sent), actor, db)) as Row;`,
    '    expect(created).toMatchObject(sent);',
    '',
    `    const rows = (await ${api}.list(A, query(), db)).items.map((item) => ${api}.listItem.parse(item));`,
    `    expect(rows).toEqual([expect.objectContaining({ id: created.id, ${title}: sent.${title} })]);`,
    `    expect((await ${api}.list(B, query(), db)).items).toEqual([]);`,
    '',
    `    const found = await ${api}.get(A, created.id, db);`,
    `    expect(${api}.item.parse(found)).toEqual(created);`,
    `    expect(await ${api}.get(B, created.id, db)).toBeNull();`,
    '',
    "    // A PATCH (src/server/api/handler.ts): the row as read, its form's fields and the change, through the form.",
    `    const kept = ${api}.form.keyof().options.map((key) => [key, (found as Record<string, unknown>)[key]]);`,
    `    const changes = { ...Object.fromEntries(kept), ${title}: '${spec.title.label} 2' };`,
    `    expect(await ${api}.update(B, created.id, body(changes), actor, db)).toBeNull();`,
    `    const updated = ${api}.item.parse(await ${api}.update(A, created.id, body(changes), actor, db));`,
    `    expect(updated).toMatchObject({ ...sent, id: created.id, ${title}: '${spec.title.label} 2' });`,
    ...refs(spec).map((field) =>
      lines(
        `    await expect(${api}.create(A, body({ ...sent, ${title}: 'Elsewhere', ${field.name}: otherRefs.${field.name} }), actor, db)).rejects.toMatchObject(`,
        `      new AppError('NOT_FOUND', '${field.name}'),`,
        '    );',
      ),
    ),
    '',
    `    expect(await ${api}.remove(B, created.id, actor, db)).toBe(false);`,
    `    expect(await ${api}.remove(A, created.id, actor, db)).toBe(true);`,
    `    expect(await ${api}.get(A, created.id, db)).toBeNull();`,
    '  });',
    '});',
    '',
  );
}

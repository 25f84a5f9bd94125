// The files of a generated entity that depend on its fields, written from the spec; the rest of the slice
// is the repository's own files, renamed (../scaffold-entity.ts). Each template follows the repository
// file it stands for, so the code reads the same.
import {
  columnOf,
  emptyOf,
  filterParams,
  formValueOf,
  isFilter,
  limitsOf,
  tsType,
  valuesName,
  valueType,
  zodOf,
} from './fields.ts';
import { renameContent } from './rename.ts';
import type { EntitySpec, Field } from './spec.ts';

const lines = (...parts: Array<string | false | undefined | null>) =>
  parts.filter((part): part is string => typeof part === 'string').join('\n');
const each = (fields: Field[], render: (field: Field) => string | false) => lines(...fields.map(render));

const enums = (spec: EntitySpec) => spec.fields.filter((field) => field.kind === 'enum');
const refs = (spec: EntitySpec) => spec.fields.filter((field) => field.kind === 'ref');
const filters = (spec: EntitySpec) => spec.fields.filter(isFilter);
/** A field shown as an excerpt in lists (`descriptionExcerpt`): long texts. */
const listName = (field: Field) => (field.kind === 'text' ? `${field.name}Excerpt` : field.name);

/** src/server/db/schema/<noun>.ts */
export function tableFile(spec: EntitySpec): string {
  const { singular: N } = spec.names;
  const kinds = new Set(spec.fields.map((field) => field.kind));
  const pg = ['index', 'pgTable', 'text', 'uniqueIndex', 'uuid'];
  if (kinds.has('integer')) pg.push('integer');
  if (kinds.has('decimal')) pg.push('numeric');
  if (kinds.has('boolean')) pg.push('boolean');
  if (kinds.has('date')) pg.push('date');
  if (kinds.has('enum')) pg.push('check');
  const targets = [...new Set(refs(spec).map((field) => field.target?.singular))].filter(
    (target) => target !== undefined,
  );
  const searched = spec.searched;
  return lines(
    "import { sql } from 'drizzle-orm';",
    `import { ${pg.sort().join(', ')} } from 'drizzle-orm/pg-core';`,
    enums(spec).length > 0 &&
      `import { ${enums(spec)
        .map((field) => valuesName(spec, field))
        .join(', ')} } from '../../../features/${N.kebab}/values.ts';`,
    `import { createdAt, ${kinds.has('datetime') ? 'tstz, ' : ''}updatedAt } from './columns.ts';`,
    "import { organization } from './organization.ts';",
    ...targets.map((target) => `import { ${target.camel} } from './${target.kebab}.ts';`),
    '',
    `export const ${N.camel} = pgTable(`,
    `  '${N.snake}',`,
    '  {',
    "    id: uuid('id').primaryKey().defaultRandom(),",
    `    // Every ${N.prose} belongs to exactly one organization, and goes with it.`,
    "    organizationId: text('organization_id')",
    '      .notNull()',
    "      .references(() => organization.id, { onDelete: 'cascade' }),",
    each(spec.fields, (field) => `    ${field.name}: ${columnOf(spec, field)},`),
    '    createdAt: createdAt(),',
    '    updatedAt: updatedAt(),',
    '  },',
    '  (t) => [',
    each(
      spec.fields.filter((field) => field.unique),
      (field) =>
        lines(
          `    // A ${field.label.toLowerCase()} is unique within its organization: this index decides conflicts, also between`,
          '    // concurrent creates.',
          `    uniqueIndex('${N.snake}_organization_${field.column}_unique').on(t.organizationId, t.${field.name}),`,
        ),
    ),
    "    // An organization's list, newest first; the manager's lists across organizations below.",
    `    index('${N.snake}_organization_created_at_idx').on(t.organizationId, t.createdAt, t.id),`,
    `    index('${N.snake}_created_at_idx').on(t.createdAt, t.id),`,
    `    index('${N.snake}_${spec.title.column}_id_idx').on(t.${spec.title.name}, t.id),`,
    !spec.title.unique &&
      `    index('${N.snake}_organization_${spec.title.column}_idx').on(t.organizationId, t.${spec.title.name}, t.id),`,
    `    // The search box: trigrams of the ${searched.label.toLowerCase()}, with the organization in one GIN index (btree_gin).`,
    `    index('${N.snake}_${searched.column}_trgm_idx').using('gin', sql\`\${t.${searched.name}} gin_trgm_ops\`),`,
    `    index('${N.snake}_organization_${searched.column}_trgm_idx').using(`,
    "      'gin',",
    '      t.organizationId,',
    `      sql\`\${t.${searched.name}} gin_trgm_ops\`,`,
    '    ),',
    each(enums(spec), (field) =>
      lines(
        `    // The database keeps the same values as the form and the filter (${valuesName(spec, field)}).`,
        `    check(`,
        `      '${N.snake}_${field.column}_check',`,
        `      sql\`\${t.${field.name}} in (\${sql.raw(${valuesName(spec, field)}.map((value) => \`'\${value}'\`).join(', '))})\`,`,
        '    ),',
      ),
    ),
    each(refs(spec), (field) => `    index('${N.snake}_${field.column}_idx').on(t.${field.name}),`),
    '  ],',
    ');',
    '',
  );
}

/** src/features/<noun>/search.ts */
export function searchFile(spec: EntitySpec): string {
  const { singular: N, plural: P } = spec.names;
  const title = spec.title.name;
  const view = `${N.pascal}ListView`;
  const fieldsOfView = filters(spec).flatMap((field) =>
    field.kind === 'enum'
      ? [`  ${field.name}: ${valueType(spec, field)} | '';`]
      : field.kind === 'boolean'
        ? [`  ${field.name}: YesNo | '';`]
        : filterParams(field).map((param) => `  ${param}: string;`),
  );
  const defaults = filters(spec).flatMap((field) => filterParams(field).map((param) => `${param}: ''`));
  const readers = filters(spec).flatMap((field) => {
    if (field.kind === 'enum')
      return [`  ${field.name}: oneOf(search.${field.name}, ${valuesName(spec, field)}, ''),`];
    if (field.kind === 'boolean') return [`  ${field.name}: oneOf(search.${field.name}, yesNo, ''),`];
    return filterParams(field).map((param) => `  ${param}: dayParam(search.${param}),`);
  });
  const hasDays = filters(spec).some((field) => field.kind === 'date' || field.kind === 'datetime');
  return lines(
    hasDays && "import { isIsoDate } from '@/lib/days';",
    `import { oneOf, type SortOrder, searchTermParam, searchValidator, sortOrders } from '@/lib/search-params';`,
    enums(spec).length > 0 &&
      `import { ${enums(spec)
        .flatMap((field) => [valuesName(spec, field), `type ${valueType(spec, field)}`])
        .join(', ')} } from './values';`,
    '',
    "// The list's view, apart from the schemas (./schema.ts) on purpose: both areas' list routes validate their",
    "// search params with it, and route definitions are in every page's first download, where zod is not.",
    '',
    `export const ${N.camel}Sorts = ['created', '${title}'] as const;`,
    `export type ${N.pascal}Sort = (typeof ${N.camel}Sorts)[number];`,
    filters(spec).some((field) => field.kind === 'boolean') &&
      lines(
        '',
        '/** A yes/no filter as the URL carries it. */',
        "export const yesNo = ['yes', 'no'] as const;",
        'type YesNo = (typeof yesNo)[number];',
      ),
    '',
    `/** The list's view (search, order and filters; '' is "any"): what the URL carries and the list query is keyed by. */`,
    `export type ${view} = {`,
    '  searchTerm: string;',
    `  sort: ${N.pascal}Sort;`,
    '  order: SortOrder;',
    ...fieldsOfView,
    '};',
    '',
    '/** Newest first: what a bare URL shows. */',
    `export const ${N.camel}ListDefaults: ${view} = {`,
    "  searchTerm: '',",
    "  sort: 'created',",
    "  order: 'desc',",
    ...defaults.map((entry) => `  ${entry},`),
    '};',
    hasDays &&
      lines(
        '',
        '/** A day of a range filter (`YYYY-MM-DD`), else none. */',
        "const dayParam = (value: unknown) => (typeof value === 'string' && isIsoDate(value) ? value : '');",
      ),
    '',
    `/** /app/${P.kebab} and /manager/${P.kebab} search params: bad input falls back to the default. */`,
    `export const ${N.camel}ListSearch = searchValidator((search): ${view} => ({`,
    '  searchTerm: searchTermParam(search.searchTerm),',
    `  sort: oneOf(search.sort, ${N.camel}Sorts, 'created'),`,
    "  order: oneOf(search.order, sortOrders, 'desc'),",
    ...readers,
    '}));',
    '',
    `/** The manager's list view: the same, optionally one organization's ${P.prose} ('' for every one). */`,
    `export type Platform${view} = ${view} & { organizationId: string };`,
    '',
    `export const platform${N.pascal}ListDefaults: Platform${view} = {`,
    `  ...${N.camel}ListDefaults,`,
    "  organizationId: '',",
    '};',
    '',
    '/** An organization id as a link carries it: a string of at most 64 characters, else none. */',
    'const organizationIdParam = (value: unknown) =>',
    "  typeof value === 'string' && value.length <= 64 ? value : '';",
    '',
    `/** /manager/${P.kebab} search params: the list's view and the organization filter. */`,
    `export const platform${N.pascal}ListSearch = searchValidator((search): Platform${view} => ({`,
    `  ...${N.camel}ListSearch.parse(search),`,
    '  organizationId: organizationIdParam(search.organizationId),',
    '}));',
    '',
  );
}

/**
 * src/features/<noun>/values.ts, for an entity with enum fields: each one's list of values, which the table's
 * check constraint, the schemas, the form, the filter and the badge read. It imports nothing, since the
 * database scripts read the table with plain Node (no path aliases).
 */
export function valuesFile(spec: EntitySpec): string {
  return lines(
    `// The values of the ${spec.names.singular.prose}'s enum fields, one list each, in order: the table's check constraint, the`,
    '// schemas, the form, the filters and the badges read them. No imports: plain Node reads it with the table.',
    ...enums(spec).flatMap((field) => [
      '',
      `/** ${field.label}: a new row starts as \`${field.defaultValue}\`. */`,
      `export const ${valuesName(spec, field)} = [${field.values.map((value) => `'${value}'`).join(', ')}] as const;`,
      `export type ${valueType(spec, field)} = (typeof ${valuesName(spec, field)})[number];`,
    ]),
    '',
  );
}

/** src/features/<noun>/schema.ts */
export function schemaFile(spec: EntitySpec): string {
  const { singular: N, plural: P } = spec.names;
  const rules = new Set(
    spec.fields
      .map((field) => /^(z\w+)\(/.exec(zodOf(spec, field))?.[1])
      .filter((rule): rule is string => rule !== undefined && rule !== 'z'),
  );
  const limits = spec.fields.flatMap((field) => limitsOf(spec, field).map(([name]) => name));
  const itemFields = spec.fields.map((field) =>
    field.kind === 'text'
      ? `  ${listName(field)}: string | null;`
      : `  ${field.name}: ${tsType(spec, field)};`,
  );
  const detailFields = spec.fields.map((field) => `  ${field.name}: ${tsType(spec, field)};`);
  const filterRules = filters(spec).flatMap((field) => {
    if (field.kind === 'enum')
      return [`  ${field.name}: z.enum(${valuesName(spec, field)}).or(z.literal('')).default(''),`];
    if (field.kind === 'boolean') return [`  ${field.name}: z.enum(yesNo).or(z.literal('')).default(''),`];
    return filterParams(field).map((param) => `  ${param}: zDayFilter,`);
  });
  const searchImports = [
    `${N.camel}Sorts`,
    ...(filters(spec).some((field) => field.kind === 'boolean') ? ['yesNo'] : []),
  ];
  const valueImports = enums(spec).flatMap((field) => [
    valuesName(spec, field),
    `type ${valueType(spec, field)}`,
  ]);
  const hasDays = filters(spec).some((field) => field.kind === 'date' || field.kind === 'datetime');
  const filterKeys = filters(spec).flatMap(filterParams);
  return lines(
    "import { z } from 'zod';",
    hasDays && "import { isIsoDate } from '@/lib/days';",
    rules.size > 0 && `import { ${[...rules].sort().join(', ')} } from '@/lib/fields';`,
    "import { zBulkIds, zListQuery } from '@/lib/list';",
    "import { sortOrders } from '@/lib/search-params';",
    limits.length > 0 && "import { appConfig } from '~/app.config';",
    `import { ${searchImports.join(', ')} } from './search';`,
    valueImports.length > 0 && `import { ${valueImports.join(', ')} } from './values';`,
    '',
    `/** A ${N.prose} as lists show it${spec.fields.some((f) => f.kind === 'text') ? ': long texts cut to an excerpt on the server' : ''}. */`,
    `export type ${N.pascal}ListItem = {`,
    '  id: string;',
    ...itemFields,
    '  /** ISO 8601, like every date that travels. */',
    '  createdAt: string;',
    '  organization: { id: string; name: string };',
    '};',
    '',
    `/** A ${N.prose} as its detail page shows it; dates travel as ISO strings. */`,
    `export type ${N.pascal}Detail = {`,
    '  id: string;',
    '  organization: { id: string; name: string };',
    ...detailFields,
    '  createdAt: string;',
    '  updatedAt: string;',
    '};',
    hasDays &&
      lines(
        '',
        "/** A day of a range filter, or '' for none. */",
        "const zDayFilter = z.string().refine((day) => day === '' || isIsoDate(day)).default('');",
      ),
    '',
    "/** The list endpoint's input: strict (a wrong sort is a bad request, not a silent default). */",
    `export const z${N.pascal}ListQuery = zListQuery.extend({`,
    `  sort: z.enum(${N.camel}Sorts).default('created'),`,
    "  order: z.enum(sortOrders).default('desc'),",
    ...filterRules,
    '  // A text cursor (up to its limit, 4 bytes a character in UTF-8, then base64) is longer than a date one.',
    '  cursor: z.string().max(1000).optional(),',
    '});',
    '',
    '// Any string is accepted: an id that is not a UUID is simply not found (404), never a validation error.',
    `export const z${N.pascal}IdInput = z.object({ id: z.string().max(64) });`,
    '',
    spec.fields.some((field) => field.kind === 'text') &&
      lines(
        '/** Characters of a long text shown in lists; the detail page shows it whole. */',
        'export const EXCERPT_LENGTH = 160;',
        '',
      ),
    limits.length > 0 && lines(`const { ${limits.join(', ')} } = appConfig.limits;`, ''),
    `// Messages are i18n keys in the \`${N.kebab}\` namespace (\`form.<field>.<problem>\`); limits come from`,
    '// `appConfig.limits`. Every text is cleaned (src/lib/text.ts) before it is checked, so the limits apply to',
    '// what is stored.',
    '',
    '/** The create and update form, checked the same way in the browser and by the server function. */',
    `export const z${N.pascal}Form = z.object({`,
    each(spec.fields, (field) => `  ${field.name}: ${zodOf(spec, field)},`),
    '});',
    '/** What the form holds while typing. */',
    `export type ${N.pascal}FormInput = z.input<typeof z${N.pascal}Form>;`,
    '/** What is stored: cleaned, blanks as null. */',
    `export type ${N.pascal}Values = z.output<typeof z${N.pascal}Form>;`,
    '',
    `export const z${N.pascal}UpdateInput = z.object({ id: z${N.pascal}IdInput.shape.id, values: z${N.pascal}Form });`,
    '',
    `/** The manager's list across organizations: the same view, optionally one organization's ${P.prose}. */`,
    `export const zPlatform${N.pascal}ListQuery = z${N.pascal}ListQuery.extend({`,
    '  organizationId: z.string().max(64).optional(),',
    '});',
    '',
    `/** The manager's create form names the organization the ${N.prose} goes to. */`,
    `export const zPlatform${N.pascal}CreateInput = z${N.pascal}Form.extend({`,
    "  organizationId: z.string().min(1, { error: 'form.organization.required' }).max(64),",
    '});',
    '',
    '/**',
    ` * A bulk delete: the rows named, or every ${N.prose} the list view matches (in the manager area, the`,
    " * view's organization filter too). An id from elsewhere is answered NOT_FOUND for its row.",
    ' */',
    `const zBulkView = z${N.pascal}ListQuery.pick({ searchTerm: true, sort: true, order: true${filterKeys.map((key) => `, ${key}: true`).join('')} });`,
    `export const z${N.pascal}BulkDeleteInput = z.object({`,
    '  selection: z.union([z.strictObject({ ids: zBulkIds }), z.strictObject({ view: zBulkView })]),',
    '});',
    `export const zPlatform${N.pascal}BulkDeleteInput = z.object({`,
    '  selection: z.union([',
    '    z.strictObject({ ids: zBulkIds }),',
    '    z.strictObject({ view: zBulkView.extend({ organizationId: z.string().max(64).optional() }) }),',
    '  ]),',
    '});',
    `export type ${N.pascal}BulkDeleteInput = z.input<typeof zPlatform${N.pascal}BulkDeleteInput>;`,
    '',
  );
}

/** The SQL condition of each filter of the view (`view.status`, `view.dueFrom`…). */
function filterConditions(spec: EntitySpec, table: string, view: string): string[] {
  return filters(spec).flatMap((field) => {
    const column = `${table}.${field.name}`;
    if (field.kind === 'enum')
      return [`${view}.${field.name} ? eq(${column}, ${view}.${field.name}) : undefined`];
    if (field.kind === 'boolean') {
      return [`${view}.${field.name} ? eq(${column}, ${view}.${field.name} === 'yes') : undefined`];
    }
    // A range of days includes both ends; a moment is compared in UTC days.
    const from =
      field.kind === 'date'
        ? `${view}.${field.name}From`
        : `new Date(\`\${${view}.${field.name}From}T00:00:00Z\`)`;
    const to =
      field.kind === 'date'
        ? `${view}.${field.name}To`
        : `new Date(Date.parse(\`\${${view}.${field.name}To}T00:00:00Z\`) + 86_400_000)`;
    return [
      `${view}.${field.name}From ? gte(${column}, ${from}) : undefined`,
      `${view}.${field.name}To ? ${field.kind === 'date' ? 'lte' : 'lt'}(${column}, ${to}) : undefined`,
    ];
  });
}

/** src/features/<noun>/data.server.ts */
export function dataFile(spec: EntitySpec): string {
  const { singular: N, plural: P } = spec.names;
  const t = N.camel;
  const title = spec.title.name;
  const texts = spec.fields.filter((field) => field.kind === 'text');
  const uniques = spec.fields.filter((field) => field.unique);
  const targets = [...new Map(refs(spec).map((field) => [field.target?.singular.camel, field])).values()];
  const conditions = filterConditions(spec, t, 'view');
  const drizzle = ['and', 'asc', 'desc', 'eq', 'ilike', 'type SQL', 'sql'];
  if (conditions.some((c) => c.includes('gte('))) drizzle.push('gte');
  if (conditions.some((c) => c.includes('lte('))) drizzle.push('lte');
  if (conditions.some((c) => c.includes(' lt('))) drizzle.push('lt');
  const listColumn = (field: Field) => {
    if (field.kind === 'text') {
      return `          ${listName(field)}: sql<string | null>\`left(\${${t}.${field.name}}, \${EXCERPT_LENGTH})\`,`;
    }
    if (field.kind === 'datetime') {
      return `          ${field.name}: sql<${tsType(spec, field)}>\`to_json(\${${t}.${field.name}}) #>> '{}'\`,`;
    }
    if (field.kind === 'ref') {
      return `          ${field.name}: { id: ${field.name}Row.id, label: ${field.name}Row.${field.targetTitle} },`;
    }
    return `          ${field.name}: ${t}.${field.name},`;
  };
  const refJoins = refs(spec).map(
    (field) => `        .leftJoin(${field.name}Row, eq(${field.name}Row.id, ${t}.${field.name}))`,
  );
  const fieldsWithoutRefs = spec.fields.filter((field) => field.kind !== 'ref');
  return lines(
    "import '@tanstack/react-start/server-only';",
    "import { appConfig } from '~/app.config';",
    `import { ${drizzle.join(', ')} } from 'drizzle-orm';`,
    refs(spec).length > 0 && "import { alias } from 'drizzle-orm/pg-core';",
    "import type { Database } from '@/server/db/client';",
    "import { getDb } from '@/server/db/database';",
    "import { containsPattern, countUpTo, keysetPage, type SortKey } from '@/server/db/list';",
    `import { organization, ${[...targets.map((field) => field.target?.singular.camel), t].sort().join(', ')} } from '@/server/db/schema/index';`,
    "import { AppError } from '@/lib/errors';",
    "import type { ListPage } from '@/lib/list';",
    "import type { SortOrder } from '@/lib/search-params';",
    'import {',
    texts.length > 0 && '  EXCERPT_LENGTH,',
    `  type ${N.pascal}Detail,`,
    `  type ${N.pascal}ListItem,`,
    `  type ${N.pascal}Values,`,
    "} from './schema';",
    `import type { ${N.pascal}ListView, ${N.pascal}Sort } from './search';`,
    enums(spec).length > 0 &&
      `import type { ${enums(spec)
        .map((field) => valueType(spec, field))
        .join(', ')} } from './values';`,
    '',
    'const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;',
    ...refs(spec).map(
      (field) =>
        `/** The ${field.target?.singular.prose} a ${N.prose}'s ${field.label.toLowerCase()} names (a table may be joined more than once). */\nconst ${field.name}Row = alias(${field.target?.singular.camel}, '${field.column}_row');`,
    ),
    '',
    '/**',
    ` * Which ${P.prose} a call may see: one organization's (a member's view), or every organization's (the`,
    " * platform's manager area, optionally filtered to one). Every read and write of this module takes one, so",
    ` * a ${N.prose} of another organization is simply not there for a member: a forged id is not found.`,
    ' */',
    `export type ${N.pascal}Scope = { organizationId: string } | { platform: true; organizationId?: string };`,
    '',
    `function scopeFilter(scope: ${N.pascal}Scope): SQL | undefined {`,
    `  return scope.organizationId ? eq(${t}.organizationId, scope.organizationId) : undefined;`,
    '}',
    '',
    "/** What a list view matches: the scope, the search term and the view's filters. */",
    `function viewFilter(scope: ${N.pascal}Scope, view: Omit<${N.pascal}ListView, 'sort' | 'order'>): SQL | undefined {`,
    '  return and(',
    '    scopeFilter(scope),',
    `    view.searchTerm ? ilike(${t}.${spec.searched.name}, containsPattern(view.searchTerm)) : undefined,`,
    ...conditions.map((condition) => `    ${condition},`),
    '  );',
    '}',
    '',
    `/** The order a list view asks for, each walked through an index (./../../server/db/schema/${N.kebab}.ts). */`,
    `function sortKeyOf(sort: ${N.pascal}Sort): SortKey {`,
    `  if (sort === '${title}') return { column: ${t}.${title}, kind: 'text', id: ${t}.id };`,
    `  return { createdAt: ${t}.createdAt, id: ${t}.id };`,
    '}',
    '',
    `/** One page of ${P.prose} in the view's order (newest first by default), searched and filtered. */`,
    `export async function list${P.pascal}(`,
    `  scope: ${N.pascal}Scope,`,
    `  query: Omit<${N.pascal}ListView, 'sort' | 'order'> & {`,
    `    sort?: ${N.pascal}Sort;`,
    '    order?: SortOrder;',
    '    cursor?: string | undefined;',
    '    limit: number;',
    '  },',
    '  db?: Database,',
    `): Promise<ListPage<${N.pascal}ListItem>> {`,
    '  const executor = db ?? (await getDb());',
    '  return keysetPage({',
    "    sortKey: sortKeyOf(query.sort ?? 'created'),",
    "    direction: query.order ?? 'desc',",
    '    filter: viewFilter(scope, query),',
    '    cursor: query.cursor,',
    '    limit: query.limit,',
    '    fetchRows: ({ where, orderBy, limit, cursorAt }) =>',
    '      executor',
    '        .select({',
    `          id: ${t}.id,`,
    ...spec.fields.map(listColumn),
    `          createdAt: sql<string>\`to_json(\${${t}.createdAt}) #>> '{}'\`,`,
    '          organization: { id: organization.id, name: organization.name },',
    '          cursorAt,',
    '        })',
    `        .from(${t})`,
    `        .innerJoin(organization, eq(organization.id, ${t}.organizationId))`,
    ...refJoins,
    '        .where(where)',
    '        .orderBy(...orderBy)',
    // A required reference is never null (its row goes with the referenced one).
    refs(spec).some((field) => !field.optional)
      ? `        .limit(limit) as unknown as Promise<Array<${N.pascal}ListItem & { cursorAt: string }>>,`
      : '        .limit(limit),',
    '    countRows: (where, limit) =>',
    `      countUpTo(executor, ${t}, where, limit, { search: Boolean(query.searchTerm) }),`,
    '    totalCap: query.searchTerm ? appConfig.pagination.searchTotalCap : undefined,',
    '  });',
    '}',
    '',
    'const detailColumns = {',
    `  id: ${t}.id,`,
    `  organizationId: ${t}.organizationId,`,
    ...spec.fields.map((field) => `  ${field.name}: ${t}.${field.name},`),
    `  createdAt: ${t}.createdAt,`,
    `  updatedAt: ${t}.updatedAt,`,
    '};',
    '',
    '/** A row as `detailColumns` reads it. */',
    'type DetailRow = {',
    '  id: string;',
    '  organizationId: string;',
    ...fieldsWithoutRefs.map(
      (field) =>
        `  ${field.name}: ${field.kind === 'datetime' ? (field.optional ? 'Date | null' : 'Date') : tsType(spec, field)};`,
    ),
    ...refs(spec).map((field) => `  ${field.name}: ${field.optional ? 'string | null' : 'string'};`),
    '  createdAt: Date;',
    '  updatedAt: Date;',
    '};',
    '',
    '/** The labels of the rows the references name, read in the same executor. */',
    `async function toDetail(executor: Database, row: DetailRow): Promise<${N.pascal}Detail> {`,
    `  const [names] = await executor`,
    '    .select({ organization: organization.name })',
    '    .from(organization)',
    '    .where(eq(organization.id, row.organizationId));',
    ...refs(spec).map((field) =>
      lines(
        `  const ${field.name}Row = row.${field.name}`,
        `    ? ((await executor`,
        `        .select({ id: ${field.target?.singular.camel}.id, label: ${field.target?.singular.camel}.${field.targetTitle} })`,
        `        .from(${field.target?.singular.camel})`,
        `        .where(eq(${field.target?.singular.camel}.id, row.${field.name})))[0] ?? null)`,
        '    : null;',
      ),
    ),
    '  return {',
    '    id: row.id,',
    "    organization: { id: row.organizationId, name: names?.organization ?? '' },",
    ...spec.fields.map((field) => {
      if (field.kind === 'datetime') {
        return field.optional
          ? `    ${field.name}: row.${field.name}?.toISOString() ?? null,`
          : `    ${field.name}: row.${field.name}.toISOString(),`;
      }
      if (field.kind === 'ref') {
        return field.optional
          ? `    ${field.name}: ${field.name}Row,`
          : `    ${field.name}: ${field.name}Row ?? { id: row.${field.name}, label: '' },`;
      }
      return `    ${field.name}: row.${field.name},`;
    }),
    '    createdAt: row.createdAt.toISOString(),',
    '    updatedAt: row.updatedAt.toISOString(),',
    '  };',
    '}',
    '',
    `/** \`id\` inside the scope: a ${N.prose} of another organization does not match. */`,
    `function byId(scope: ${N.pascal}Scope, id: string): SQL | undefined {`,
    `  return and(eq(${t}.id, id), scopeFilter(scope));`,
    '}',
    '',
    `/** The ${N.prose} with this id in the scope, or null (also for ids that are not UUIDs). */`,
    `export async function find${N.pascal}ById(`,
    `  scope: ${N.pascal}Scope,`,
    '  id: string,',
    '  db?: Database,',
    `): Promise<${N.pascal}Detail | null> {`,
    '  if (!UUID.test(id)) return null;',
    '  const executor = db ?? (await getDb());',
    `  const [row] = await executor.select(detailColumns).from(${t}).where(byId(scope, id));`,
    '  return row ? toDetail(executor, row) : null;',
    '}',
    '',
    '/**',
    " * True for Postgres' error `code` (23505 unique, 23503 foreign key) on `constraint`. postgres.js names the",
    ' * constraint `constraint_name`, PGlite `constraint`; drizzle wraps either in an error whose `cause` is',
    ' * the original.',
    ' */',
    'function isConstraintViolation(error: unknown, code: string, constraint: string): boolean {',
    "  for (let current = error, depth = 0; depth < 4 && typeof current === 'object' && current; depth++) {",
    '    const fields = current as {',
    '      code?: unknown;',
    '      constraint?: unknown;',
    '      constraint_name?: unknown;',
    '      cause?: unknown;',
    '    };',
    '    if (fields.code === code) return (fields.constraint_name ?? fields.constraint) === constraint;',
    '    current = fields.cause;',
    '  }',
    '  return false;',
    '}',
    '',
    '/**',
    " * The database's verdicts on a write: a taken unique value becomes `CONFLICT:<field>`, an organization",
    ' * that does not exist (or was deleted meanwhile) `NOT_FOUND:organizationId`; other failures pass through.',
    ' */',
    'function writeRefusal(error: unknown): never {',
    ...uniques.map(
      (field) =>
        `  if (isConstraintViolation(error, '23505', '${N.snake}_organization_${field.column}_unique')) {\n    throw new AppError('CONFLICT', '${field.name}');\n  }`,
    ),
    `  if (isConstraintViolation(error, '23503', '${N.snake}_organization_id_organization_id_fk')) {`,
    "    throw new AppError('NOT_FOUND', 'organizationId');",
    '  }',
    '  throw error;',
    '}',
    '',
    '/**',
    ` * The row's columns from the checked values${refs(spec).length > 0 ? `; each reference must name a row of the same organization (NOT_FOUND:<field> otherwise, as for an id of another organization)` : ''}.`,
    ' */',
    `async function columnsOf(executor: Database, organizationId: string, values: ${N.pascal}Values) {`,
    ...refs(spec).map((field) => {
      const target = field.target?.singular.camel ?? '';
      return lines(
        `  if (values.${field.name} !== null) {`,
        `    const [found] = UUID.test(values.${field.name})`,
        `      ? await executor`,
        `          .select({ id: ${target}.id })`,
        `          .from(${target})`,
        `          .where(and(eq(${target}.id, values.${field.name}), eq(${target}.organizationId, organizationId)))`,
        '      : [];',
        `    if (!found) throw new AppError('NOT_FOUND', '${field.name}');`,
        '  }',
      );
    }),
    refs(spec).length === 0 && '  void executor;',
    '  return {',
    '    organizationId,',
    ...spec.fields.map((field) =>
      field.kind === 'datetime'
        ? `    ${field.name}: ${field.optional ? `values.${field.name} === null ? null : ` : ''}new Date(values.${field.name}),`
        : `    ${field.name}: values.${field.name},`,
    ),
    '  };',
    '}',
    '',
    '/**',
    ` * Adds a ${N.prose}. The unique indexes decide whether a value is free, so of two concurrent creates with`,
    ' * one value exactly one succeeds; the other throws `CONFLICT:<field>`.',
    ' */',
    `export async function insert${N.pascal}(`,
    '  organizationId: string,',
    `  values: ${N.pascal}Values,`,
    '  db?: Database,',
    `): Promise<${N.pascal}Detail> {`,
    '  const executor = db ?? (await getDb());',
    '  const [row] = await executor',
    `    .insert(${t})`,
    '    .values(await columnsOf(executor, organizationId, values))',
    '    .returning(detailColumns)',
    '    .catch(writeRefusal);',
    "  if (!row) throw new Error('insert returned no row');",
    '  return toDetail(executor, row);',
    '}',
    '',
    '/**',
    ` * Replaces a ${N.prose}'s fields; null when the id matches none. Returns the row before and after, for the`,
    ' * audit log: pass a transaction so the locked read and the write see the same row.',
    ' */',
    `export async function update${N.pascal}(`,
    `  scope: ${N.pascal}Scope,`,
    '  id: string,',
    `  values: ${N.pascal}Values,`,
    '  db?: Database,',
    `): Promise<{ previous: ${N.pascal}Detail; current: ${N.pascal}Detail } | null> {`,
    '  if (!UUID.test(id)) return null;',
    '  const executor = db ?? (await getDb());',
    `  const [previous] = await executor.select(detailColumns).from(${t}).where(byId(scope, id)).for('update');`,
    '  if (!previous) return null;',
    '  const [current] = await executor',
    `    .update(${t})`,
    '    .set(await columnsOf(executor, previous.organizationId, values))',
    `    .where(eq(${t}.id, id))`,
    '    .returning(detailColumns)',
    '    .catch(writeRefusal);',
    '  if (!current) return null;',
    '  return { previous: await toDetail(executor, previous), current: await toDetail(executor, current) };',
    '}',
    '',
    `/** Deletes a ${N.prose}; its id and ${title}, or null when the id matches none. */`,
    `export async function delete${N.pascal}(`,
    `  scope: ${N.pascal}Scope,`,
    '  id: string,',
    '  db?: Database,',
    `): Promise<{ id: string; ${title}: string; organizationId: string } | null> {`,
    '  if (!UUID.test(id)) return null;',
    '  const executor = db ?? (await getDb());',
    '  const [row] = await executor',
    `    .delete(${t})`,
    '    .where(byId(scope, id))',
    `    .returning({ id: ${t}.id, ${title}: ${t}.${title}, organizationId: ${t}.organizationId });`,
    '  return row ?? null;',
    '}',
    '',
    `/** The ids of the scope's ${P.prose} a list view matches, in its order, at most \`limit\` of them. */`,
    `export async function list${N.pascal}Ids(`,
    `  scope: ${N.pascal}Scope,`,
    `  view: ${N.pascal}ListView,`,
    '  limit: number,',
    '  db?: Database,',
    '): Promise<string[]> {',
    '  const executor = db ?? (await getDb());',
    "  const direction = view.order === 'asc' ? asc : desc;",
    `  const column = view.sort === '${title}' ? ${t}.${title} : ${t}.createdAt;`,
    '  const rows = await executor',
    `    .select({ id: ${t}.id })`,
    `    .from(${t})`,
    '    .where(viewFilter(scope, view))',
    `    .orderBy(direction(column), direction(${t}.id))`,
    '    .limit(limit);',
    '  return rows.map((row) => row.id);',
    '}',
    '',
  );
}

/** One control of the form, the product's own component for the kind. */
function formControl(spec: EntitySpec, field: Field): string {
  const ns = spec.names.singular.kebab;
  const head = `        control={form.control}\n        name="${field.name}"\n        ns="${ns}"\n        label={t('fields.${field.name}')}`;
  const hint = field.optional ? `\n        description={t('form.optional')}` : '';
  switch (field.kind) {
    case 'string':
      return `      <InputField\n${head}${hint}\n        dir="auto"\n        autoComplete="off"\n      />`;
    case 'text':
      return `      <TextareaField\n${head}${hint}\n        dir="auto"\n        rows={5}\n      />`;
    case 'integer':
      return `      <InputField\n${head}${hint}\n        dir="ltr"\n        inputMode="numeric"\n        autoComplete="off"\n      />`;
    case 'decimal':
      return `      <InputField\n${head}${hint}\n        dir="ltr"\n        inputMode="decimal"\n        autoComplete="off"\n      />`;
    case 'boolean':
      return `      <SwitchField\n${head}\n      />`;
    case 'enum':
      return `      <SelectField\n${head}\n      >\n        {${valuesName(spec, field)}.map((value) => (\n          <option key={value} value={value}>\n            {t(\`values.${field.name}.\${value}\`)}\n          </option>\n        ))}\n      </SelectField>`;
    case 'date':
      return `      <DateField\n${head}${hint}${field.optional ? '\n        clearable' : ''}\n      />`;
    case 'datetime':
      return `      <InputField\n${head}${hint}\n        type="datetime-local"\n        dir="ltr"\n      />`;
    case 'ref':
      return `      <SelectField\n${head}${hint}\n      >\n        <option value=""${field.optional ? '' : ' disabled'}>\n          {t('form.${field.name}.placeholder')}\n        </option>\n        {${field.name}Choices.map((choice) => (\n          <option key={choice.id} value={choice.id}>\n            {choice.${field.targetTitle}}\n          </option>\n        ))}\n      </SelectField>`;
  }
}

/** src/features/<noun>/components/<noun>-form.tsx */
export function formFile(spec: EntitySpec): string {
  const { singular: N } = spec.names;
  const kinds = new Set(spec.fields.map((field) => field.kind));
  // The select is there for the manager's organization choice at least.
  const formFields = ['InputField', 'TextareaField', 'DateField']
    .filter((name) => spec.fields.some((field) => formControl(spec, field).includes(`<${name}`)))
    .concat('SelectField');
  const uniques = spec.fields.filter((field) => field.unique);
  const targetImports = [
    ...new Map(refs(spec).map((field) => [field.target?.singular.kebab, field])).values(),
  ].map(
    (field) =>
      `import { $list${field.target?.plural.pascal}, $listPlatform${field.target?.plural.pascal} } from '@/features/${field.target?.singular.kebab}/functions';`,
  );
  return lines(
    refs(spec).length > 0 && "import { useQuery } from '@tanstack/react-query';",
    "import { useEffect, useEffectEvent, useState } from 'react';",
    `import { useForm${refs(spec).length > 0 ? ', useWatch' : ''} } from 'react-hook-form';`,
    "import { useTranslation } from 'react-i18next';",
    refs(spec).length > 0 && "import { appConfig } from '~/app.config';",
    "import { FormActions } from '@/components/form/form-actions';",
    "import { FormAlert } from '@/components/form/form-alert';",
    `import { ${[...formFields, ...(kinds.has('boolean') ? ['SwitchField'] : [])].sort().join(', ')} } from '@/components/form/fields';`,
    "import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';",
    "import { zodResolverOnDemand } from '@/components/form/zod-resolver-on-demand';",
    "import { PlanUpgradeLink } from '@/features/billing/components/upgrade-link';",
    ...targetImports,
    "import { errorCodeOf, isDemoRefusal } from '@/lib/errors';",
    `import type { ${N.pascal}FormInput, ${N.pascal}Values } from '../schema';`,
    enums(spec).length > 0 &&
      `import { ${enums(spec)
        .map((field) => valuesName(spec, field))
        .join(', ')} } from '../values';`,
    '',
    "/** The form's values; `organizationId` only when it asks for the organization. */",
    `type FormInput = ${N.pascal}FormInput & { organizationId?: string };`,
    `type FormValues = ${N.pascal}Values & { organizationId?: string };`,
    '',
    `const emptyValues: FormInput = { ${spec.fields.map((field) => `${field.name}: ${emptyOf(field)}`).join(', ')} };`,
    '',
    '// The schemas (and zod) arrive on the first check, or when focus first enters the form.',
    `const use${N.pascal}Resolver = zodResolverOnDemand<FormInput, FormValues>(() =>`,
    `  import('../schema').then((module) => module.z${N.pascal}Form),`,
    ');',
    `const usePlatform${N.pascal}Resolver = zodResolverOnDemand<FormInput, FormValues>(() =>`,
    `  import('../schema').then((module) => module.zPlatform${N.pascal}CreateInput),`,
    ');',
    ...[...new Map(refs(spec).map((field) => [field.target?.singular.kebab, field])).values()].map(
      (field) => {
        const P = field.target?.plural.pascal ?? '';
        return lines(
          '',
          `/** The ${field.target?.plural.prose} a ${N.prose} may name: the active organization's, or in the manager area the chosen one's. */`,
          `const ${field.target?.plural.camel}View = { sort: '${field.targetTitle}', order: 'asc', limit: appConfig.pagination.maxPageSize } as const;`,
          '',
          `function use${P}Choices(organizationId: string | undefined) {`,
          '  const { data } = useQuery({',
          `    queryKey: ['${field.target?.singular.kebab}', 'choices', organizationId ?? 'active'],`,
          '    queryFn: () =>',
          '      organizationId === undefined',
          `        ? $list${P}({ data: ${field.target?.plural.camel}View })`,
          `        : $listPlatform${P}({ data: { ...${field.target?.plural.camel}View, organizationId } }),`,
          "    enabled: organizationId !== '',",
          '  });',
          '  return data?.items ?? [];',
          '}',
        );
      },
    ),
    '',
    `type ${N.pascal}FormProps<Saved> = {`,
    '  defaultValues?: FormInput;',
    `  /** When given, the form first asks which of these organizations the ${N.prose} goes to. */`,
    '  organizations?: ReadonlyArray<{ id: string; name: string }>;',
    '  submitLabel: string;',
    '  /**',
    '   * Sends the checked values; a rejection with `CONFLICT:<field>` marks the value as taken, `NOT_FOUND:<field>`',
    '   * the organization or the row it names as gone.',
    '   */',
    '  onSubmit: (values: FormValues) => Promise<Saved>;',
    '  /** After a successful save, once leaving is no longer guarded. */',
    '  onSaved: (saved: Saved) => void;',
    '  onCancel: () => void;',
    '};',
    '',
    '/**',
    ' * The create and update form. What was typed stays on every error: the field shows its own message (a',
    ' * taken value from the server too), anything else shows above the buttons.',
    ' */',
    `export function ${N.pascal}Form<Saved>({`,
    '  defaultValues = emptyValues,',
    '  organizations,',
    '  submitLabel,',
    '  onSubmit,',
    '  onSaved,',
    '  onCancel,',
    `}: ${N.pascal}FormProps<Saved>) {`,
    `  const { t } = useTranslation('${N.kebab}');`,
    '  const [formError, setFormError] = useState<{ code: string; message: string } | null>(null);',
    '  const [saved, setSaved] = useState<{ value: Saved } | null>(null);',
    `  const ${N.camel}Resolver = use${N.pascal}Resolver();`,
    `  const platformResolver = usePlatform${N.pascal}Resolver();`,
    `  const { resolver, onFocus } = organizations ? platformResolver : ${N.camel}Resolver;`,
    '  const form = useForm<FormInput, unknown, FormValues>({',
    '    resolver,',
    "    defaultValues: organizations ? { organizationId: '', ...defaultValues } : defaultValues,",
    '  });',
    refs(spec).length > 0 &&
      lines(
        "  const chosenOrganization = useWatch({ control: form.control, name: 'organizationId' });",
        "  const organizationId = organizations ? (chosenOrganization ?? '') : undefined;",
        ...[...new Map(refs(spec).map((field) => [field.target?.singular.kebab, field])).values()].map(
          (field) =>
            `  const ${field.target?.plural.camel}Choices = use${field.target?.plural.pascal}Choices(organizationId);`,
        ),
        ...refs(spec).map((field) => `  const ${field.name}Choices = ${field.target?.plural.camel}Choices;`),
      ),
    '',
    '  // Navigating from the submit handler itself would still meet the guard; after this render it is off.',
    '  const leave = useEffectEvent((value: Saved) => onSaved(value));',
    '  useEffect(() => {',
    '    if (saved) leave(saved.value);',
    '  }, [saved]);',
    '',
    '  const submit = form.handleSubmit(async (values) => {',
    '    setFormError(null);',
    '    try {',
    '      setSaved({ value: await onSubmit(values) });',
    '    } catch (error) {',
    '      const { code, field } = errorCodeOf(error);',
    ...uniques.map(
      (field, i) =>
        `      ${i === 0 ? 'if' : '} else if'} (code === 'CONFLICT' && field === '${field.name}') {\n        form.setError('${field.name}', { message: 'form.${field.name}.taken' }, { shouldFocus: true });`,
    ),
    `      ${uniques.length > 0 ? '} else if' : 'if'} (code === 'NOT_FOUND' && field === 'organizationId' && organizations) {`,
    "        form.setError('organizationId', { message: 'form.organization.gone' }, { shouldFocus: true });",
    ...refs(spec).map(
      (field) =>
        `      } else if (code === 'NOT_FOUND' && field === '${field.name}') {\n        form.setError('${field.name}', { message: 'form.${field.name}.gone' }, { shouldFocus: true });`,
    ),
    '      } else if (!isDemoRefusal(error)) {',
    "        const unknown = t('common:errors.unknown');",
    '        setFormError({',
    '          code,',
    '          message: t(`errors.${code}`, {',
    '            defaultValue: t(`common:errorCodes.${code}`, { defaultValue: unknown }),',
    '          }),',
    '        });',
    '      }',
    '    }',
    '  });',
    '',
    '  const submitting = form.formState.isSubmitting;',
    '  return (',
    '    <form onSubmit={submit} onFocus={onFocus} noValidate className="grid gap-5">',
    '      {organizations ? (',
    '        <SelectField',
    '          control={form.control}',
    '          name="organizationId"',
    `          ns="${N.kebab}"`,
    "          label={t('form.organization.label')}",
    '        >',
    '          <option value="" disabled>',
    "            {t('form.organization.placeholder')}",
    '          </option>',
    '          {organizations.map((organization) => (',
    '            <option key={organization.id} value={organization.id}>',
    '              {organization.name}',
    '            </option>',
    '          ))}',
    '        </SelectField>',
    '      ) : null}',
    ...spec.fields.map((field) => formControl(spec, field)),
    '      <FormAlert',
    '        message={formError?.message}',
    '        // The manager creates in an organization not their own: its plan is for its owners to change.',
    "        action={formError?.code === 'PLAN_LIMIT_REACHED' && !organizations ? <PlanUpgradeLink /> : null}",
    '      />',
    '      <FormActions',
    "        cancelLabel={t('form.cancel')}",
    '        onCancel={onCancel}',
    '        submitLabel={submitLabel}',
    '        submitting={submitting}',
    '      />',
    '      <UnsavedChangesGuard when={form.formState.isDirty && !saved} />',
    '    </form>',
    '  );',
    '}',
    '',
  );
}

/** How a field's value reads in a list cell or the detail page (`item` is the row). */
function display(spec: EntitySpec, field: Field, item: string): string {
  const value = `${item}.${field.name}`;
  const blank = (shown: string) => (field.optional ? `${value} === null ? '—' : ${shown}` : shown);
  switch (field.kind) {
    case 'string':
      return field.optional ? `${value} ?? '—'` : value;
    case 'text':
      return `${value} || '—'`;
    case 'integer':
    case 'decimal':
      return blank(`number.format(Number(${value}))`);
    case 'boolean':
      return `t(${value} ? 'yes' : 'no')`;
    case 'enum':
      return `t(\`values.${field.name}.\${${value}}\`)`;
    case 'date':
      return blank(`formatDay(${value}, i18n.language)`);
    case 'datetime':
      return blank(`moment.format(new Date(${value}))`);
    case 'ref':
      return field.optional ? `${value}?.label ?? '—'` : `${value}.label`;
  }
}

/** The formatters `display` uses, declared once per component that needs them. */
function formatters(spec: EntitySpec, fields: Field[]): string[] {
  return [
    hasNumbers(fields) && '  const number = numberFormat(i18n.language);',
    fields.some((field) => field.kind === 'datetime') &&
      "  const moment = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });",
  ].filter((line): line is string => typeof line === 'string');
}

function hasNumbers(fields: Field[]): boolean {
  return fields.some((field) => field.kind === 'integer' || field.kind === 'decimal');
}

/** The import of the formatters a component with a date of its own and `formatters(fields)` uses. */
function intlImport(fields: Field[]): string {
  return `import { ${hasNumbers(fields) ? 'dateTimeFormat, numberFormat' : 'dateTimeFormat'} } from '@/lib/intl';`;
}

/** Fields with a column of their own: all but the title and long texts (shown under the title). */
const columnFields = (spec: EntitySpec) =>
  spec.fields.filter((field) => field !== spec.title && field.kind !== 'text');

/** src/features/<noun>/components/<noun>-table.tsx */
export function tableComponentFile(spec: EntitySpec): string {
  const { singular: N } = spec.names;
  const t = N.camel;
  const excerpt = spec.fields.find((field) => field.kind === 'text');
  const columns = columnFields(spec);
  const cell = (field: Field) => {
    if (field.kind === 'enum') {
      return `<Badge variant="secondary">{${display(spec, field, t)}}</Badge>`;
    }
    const numeric = field.kind === 'integer' || field.kind === 'decimal';
    return `<TextLine className="text-muted-foreground${numeric ? ' tabular-nums' : ''}">{${display(spec, field, t)}}</TextLine>`;
  };
  return lines(
    "import { Link } from '@tanstack/react-router';",
    "import { Eye, Pencil, Trash2 } from 'lucide-react';",
    "import { useTranslation } from 'react-i18next';",
    "import { MenuItem, menuItemClass } from '@/components/layout/menu-popover';",
    columns.some((field) => field.kind === 'enum') && "import { Badge } from '@/components/ui/badge';",
    "import { type DataTableOptions, tableRowLinkClass } from '@/components/ui/data-table';",
    "import { TextLine } from '@/components/ui/text-line';",
    columns.some((field) => field.kind === 'date') && "import { formatDay } from '@/lib/days';",
    intlImport(columns),
    "import { cn } from '@/lib/utils';",
    `import type { ${N.pascal}ListItem } from '../schema';`,
    `import type { ${N.pascal}ListView, ${N.pascal}Sort } from '../search';`,
    `import { Delete${N.pascal}Dialog } from './delete-${N.kebab}-dialog';`,
    'import {',
    '  detailRoute,',
    `  type ${N.pascal}Area,`,
    `  type ${N.pascal}Rights,`,
    '  updateRoute,',
    `  use${N.pascal}Rights,`,
    "} from './area';",
    '',
    '/**',
    ` * The ${N.prose} table: the ${spec.title.label.toLowerCase()}${excerpt ? ` (with the ${excerpt.label.toLowerCase()}'s start under it)` : ''}, ${columns.length > 0 ? `${columns.map((field) => field.label.toLowerCase()).join(', ')}, ` : ''}the creation date,`,
    ' * in the manager area the organization it belongs to, and a menu per row with what the viewer may do. The',
    ` * ${spec.title.label.toLowerCase()} and date headers sort the list.`,
    ' */',
    `export function use${N.pascal}Table(`,
    `  area: ${N.pascal}Area,`,
    `  view: ${N.pascal}ListView,`,
    `  onViewChange: (change: Partial<${N.pascal}ListView>) => void,`,
    `): DataTableOptions<${N.pascal}ListItem, ${N.pascal}Sort> {`,
    `  const { t, i18n } = useTranslation('${N.kebab}');`,
    `  const can = use${N.pascal}Rights(area);`,
    "  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium' });",
    ...formatters(spec, columns),
    '  return {',
    '    columns: [',
    '      {',
    `        id: '${spec.title.name}',`,
    `        header: t('fields.${spec.title.name}'),`,
    `        sort: { key: '${spec.title.name}', first: 'asc' },`,
    `        cell: (${t}) => <TitleCell ${t}={${t}} area={area} />,`,
    '      },',
    "      ...(area === 'manager'",
    '        ? [',
    '            {',
    "              id: 'organization',",
    "              header: t('fields.organization'),",
    "              className: 'w-[22%] @max-xl:hidden',",
    `              cell: (${t}: ${N.pascal}ListItem) => (`,
    `                <TextLine className="text-muted-foreground">{${t}.organization.name}</TextLine>`,
    '              ),',
    '            },',
    '          ]',
    '        : []),',
    ...columns.map((field) =>
      lines(
        '      {',
        `        id: '${field.name}',`,
        `        header: t('fields.${field.name}'),`,
        field.kind === 'integer' || field.kind === 'decimal'
          ? "        align: 'end',\n        className: 'w-32 @max-2xl:hidden',"
          : "        className: '@max-2xl:hidden',",
        `        cell: (${t}) => ${cell(field)},`,
        '      },',
      ),
    ),
    '      {',
    "        id: 'created',",
    "        header: t('fields.created'),",
    "        align: 'end',",
    "        sort: { key: 'created', first: 'desc' },",
    "        className: 'w-36',",
    `        cell: (${t}) => (`,
    `          <time dateTime={${t}.createdAt} className="whitespace-nowrap text-muted-foreground">`,
    `            {date.format(new Date(${t}.createdAt))}`,
    '          </time>',
    '        ),',
    '      },',
    '    ],',
    '    sort: { sort: view.sort, order: view.order },',
    '    onSortChange: onViewChange,',
    '    rowMenu: {',
    `      name: (${t}) => ${t}.${spec.title.name},`,
    `      items: (${t}) => <RowMenuItems ${t}={${t}} area={area} can={can} />,`,
    '    },',
    '  };',
    '}',
    '',
    `function TitleCell({ ${t}, area }: { ${t}: ${N.pascal}ListItem; area: ${N.pascal}Area }) {`,
    excerpt && `  const { t } = useTranslation('${N.kebab}');`,
    '  return (',
    '    <div className="grid min-w-0 gap-0.5">',
    `      <Link to={detailRoute(area)} params={{ id: ${t}.id }} className={cn(tableRowLinkClass, 'min-w-0')}>`,
    `        <TextLine>{${t}.${spec.title.name}}</TextLine>`,
    '      </Link>',
    excerpt &&
      lines(
        '      <TextLine className="text-xs text-muted-foreground">',
        `        {${t}.${listName(excerpt)} || t('no${excerpt.pascal}')}`,
        '      </TextLine>',
      ),
    '    </div>',
    '  );',
    '}',
    '',
    'function RowMenuItems({',
    `  ${t},`,
    '  area,',
    '  can,',
    '}: {',
    `  ${t}: ${N.pascal}ListItem;`,
    `  area: ${N.pascal}Area;`,
    `  can: ${N.pascal}Rights;`,
    '}) {',
    `  const { t } = useTranslation('${N.kebab}');`,
    '  return (',
    '    <>',
    `      <Link to={detailRoute(area)} params={{ id: ${t}.id }} className={menuItemClass}>`,
    '        <Eye aria-hidden />',
    "        {t('common:dataTable.view')}",
    '      </Link>',
    '      {can.canUpdate ? (',
    `        <Link to={updateRoute(area)} params={{ id: ${t}.id }} className={menuItemClass}>`,
    '          <Pencil aria-hidden />',
    "          {t('detail.edit')}",
    '        </Link>',
    '      ) : null}',
    '      {can.canDelete ? (',
    "        // Apart at the end, as on the user page's menu: it cannot be undone.",
    '        <div className="mt-1 border-t pt-1">',
    `          <Delete${N.pascal}Dialog area={area} ${t}={${t}} from="list">`,
    '            <MenuItem tone="danger">',
    '              <Trash2 aria-hidden />',
    "              {t('delete.action')}",
    '            </MenuItem>',
    `          </Delete${N.pascal}Dialog>`,
    '        </div>',
    '      ) : null}',
    '    </>',
    '  );',
    '}',
    '',
  );
}

/** src/features/<noun>/components/<noun>-detail-page.tsx */
export function detailPageFile(spec: EntitySpec): string {
  const { singular: N } = spec.names;
  const t = N.camel;
  const texts = spec.fields.filter((field) => field !== spec.title && field.kind === 'text');
  const facts = columnFields(spec);
  const fact = (field: Field) => {
    const ltr = field.kind === 'integer' || field.kind === 'decimal' || field.kind === 'datetime';
    const value =
      field.kind === 'enum'
        ? `<Badge variant="secondary">{${display(spec, field, t)}}</Badge>`
        : field.kind === 'ref'
          ? `<bdi>{${display(spec, field, t)}}</bdi>`
          : `{${display(spec, field, t)}}`;
    return lines(
      '          <div className="flex min-w-0 flex-col gap-1">',
      `            <dt className="text-sm font-medium text-muted-foreground">{t('fields.${field.name}')}</dt>`,
      `            <dd className="min-w-0 break-words"${ltr ? ' dir="ltr"' : ''}>${value}</dd>`,
      '          </div>',
    );
  };
  return lines(
    "import { useSuspenseQuery } from '@tanstack/react-query';",
    "import { useTranslation } from 'react-i18next';",
    "import { TopBar } from '@/components/layout/top-bar';",
    facts.some((field) => field.kind === 'enum') && "import { Badge } from '@/components/ui/badge';",
    facts.some((field) => field.kind === 'date') && "import { formatDay } from '@/lib/days';",
    intlImport(facts),
    `import { ${N.camel}Queries, use${N.pascal}Owner } from '../queries';`,
    `import { listRoute, type ${N.pascal}Area, use${N.pascal}Rights } from './area';`,
    `import { ${N.pascal}Actions } from './${N.kebab}-actions';`,
    '',
    '/**',
    ` * One ${N.prose}: ${[...texts, ...facts].map((field) => `its ${field.label.toLowerCase()}`).join(', ') || 'its fields'}, its dates and, in the manager area, its organization;`,
    ' * Edit and Delete for whom may use them there.',
    ' */',
    `export function ${N.pascal}DetailPage({ id, area }: { id: string; area: ${N.pascal}Area }) {`,
    `  const { t, i18n } = useTranslation('${N.kebab}');`,
    `  const { data: ${t} } = useSuspenseQuery(${N.camel}Queries.detail(use${N.pascal}Owner(area), id));`,
    `  const { canUpdate, canDelete } = use${N.pascal}Rights(area);`,
    ...formatters(spec, facts),
    '  const formatDate = (iso: string) =>',
    "    dateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));",
    '  return (',
    '    <main id="main" className="mx-auto flex w-full max-w-5xl flex-1 flex-col">',
    '      <TopBar',
    `        title={<bdi>{${t}.${spec.title.name}}</bdi>}`,
    '        backTo={listRoute(area)}',
    '        actions={',
    '          canUpdate || canDelete ? (',
    `            <${N.pascal}Actions area={area} ${t}={${t}} canUpdate={canUpdate} canDelete={canDelete} />`,
    '          ) : undefined',
    '        }',
    '        className="md:static md:border-b-0 md:bg-transparent"',
    '      />',
    '      <div className="flex flex-col gap-6 px-4 py-6 sm:px-6">',
    ...texts.map((field) =>
      lines(
        `        <section aria-labelledby="${N.kebab}-${field.name}" className="flex flex-col gap-2">`,
        `          <h2 id="${N.kebab}-${field.name}" className="text-sm font-medium text-muted-foreground">`,
        `            {t('fields.${field.name}')}`,
        '          </h2>',
        '          <p dir="auto" className="whitespace-pre-line break-words rtl:text-right">',
        `            {${t}.${field.name} || t('no${field.pascal}')}`,
        '          </p>',
        '        </section>',
      ),
    ),
    '        <dl className="grid gap-4 sm:grid-cols-3">',
    "          {area === 'manager' ? (",
    '            <div className="flex min-w-0 flex-col gap-1 sm:col-span-3">',
    '              <dt className="text-sm font-medium text-muted-foreground">{t(\'fields.organization\')}</dt>',
    '              <dd className="min-w-0">',
    `                <bdi>{${t}.organization.name}</bdi>`,
    '              </dd>',
    '            </div>',
    '          ) : null}',
    ...facts.map(fact),
    '          <div className="flex flex-col gap-1">',
    '            <dt className="text-sm font-medium text-muted-foreground">{t(\'fields.created\')}</dt>',
    '            <dd>',
    `              <time dateTime={${t}.createdAt}>{formatDate(${t}.createdAt)}</time>`,
    '            </dd>',
    '          </div>',
    '          <div className="flex flex-col gap-1">',
    '            <dt className="text-sm font-medium text-muted-foreground">{t(\'fields.updated\')}</dt>',
    '            <dd>',
    `              <time dateTime={${t}.updatedAt}>{formatDate(${t}.updatedAt)}</time>`,
    '            </dd>',
    '          </div>',
    '        </dl>',
    '      </div>',
    '    </main>',
    '  );',
    '}',
    '',
  );
}

/** src/features/<noun>/components/<noun>-list-controls.tsx */
export function listControlsFile(spec: EntitySpec): string {
  const { singular: N } = spec.names;
  const fieldFilters = filters(spec);
  const ranges = fieldFilters.filter((field) => field.kind === 'date' || field.kind === 'datetime');
  const params = fieldFilters.flatMap(filterParams);
  const icons = ['ArrowDownUp', 'Building2', 'SlidersHorizontal'];
  if (fieldFilters.some((field) => field.kind !== 'date' && field.kind !== 'datetime')) icons.push('Filter');
  const control = (field: Field) => {
    if (field.kind === 'enum' || field.kind === 'boolean') {
      const options =
        field.kind === 'enum'
          ? `      {${valuesName(spec, field)}.map((value) => (\n        <option key={value} value={value}>\n          {t(\`values.${field.name}.\${value}\`)}\n        </option>\n      ))}`
          : '      <option value="yes">{t(\'yes\')}</option>\n      <option value="no">{t(\'no\')}</option>';
      const values = field.kind === 'enum' ? valuesName(spec, field) : 'yesNo';
      return lines(
        '    <LabelledSelect',
        `      label={t('fields.${field.name}')}`,
        '      icon={Filter}',
        `      value={view.${field.name}}`,
        `      onChange={(value) => onChange({ ${field.name}: ${values}.find((known) => known === value) ?? '' })}`,
        '    >',
        '      <option value="">{t(\'filters.any\')}</option>',
        options,
        '    </LabelledSelect>',
      );
    }
    return lines(
      ...(['From', 'To'] as const).map((end) =>
        lines(
          '    <div className="grid min-w-0 gap-1">',
          `      <span id={\`\${id}-${field.name}${end}\`} className="text-xs font-medium text-muted-foreground">`,
          `        {t('filters.${end === 'From' ? 'from' : 'to'}', { field: t('fields.${field.name}') })}`,
          '      </span>',
          '      <DatePickerButton',
          `        aria-labelledby={\`\${id}-${field.name}${end}\`}`,
          `        value={dayToDate(view.${field.name}${end})}`,
          end === 'From'
            ? `        max={dayToDate(view.${field.name}To)}`
            : `        min={dayToDate(view.${field.name}From)}`,
          `        onChange={(date) => onChange({ ${field.name}${end}: dateToDay(date) })}`,
          '        clearable',
          '        className="max-md:h-11"',
          '      />',
          '    </div>',
        ),
      ),
    );
  };
  const searchImports = [`Platform${N.pascal}ListView`, `${N.pascal}ListView`].map((name) => `type ${name}`);
  const valueImports = fieldFilters
    .filter((field) => field.kind === 'enum')
    .map((field) => valuesName(spec, field));
  const yesNoImport = fieldFilters.some((field) => field.kind === 'boolean') ? ['yesNo'] : [];
  return lines(
    "import { useQuery } from '@tanstack/react-query';",
    `import { ${icons.sort().join(', ')} } from 'lucide-react';`,
    ranges.length > 0 && "import { useId } from 'react';",
    "import { useTranslation } from 'react-i18next';",
    ranges.length > 0 && "import { DatePickerButton } from '@/components/ui/date-picker-button';",
    "import { LabelledSelect } from '@/components/ui/labelled-select';",
    "import { ListOptionsDialog } from '@/components/ui/list-options-dialog';",
    "import { organizationQueries } from '@/features/organization/queries';",
    ranges.length > 0 && "import { dateToDay, dayToDate } from '@/lib/days';",
    `import { ${[...yesNoImport, ...searchImports].join(', ')} } from '../search';`,
    valueImports.length > 0 && `import { ${valueImports.join(', ')} } from '../values';`,
    '',
    'const sortOptions = [',
    "  { sort: 'created', order: 'desc', label: 'createdDesc' },",
    "  { sort: 'created', order: 'asc', label: 'createdAsc' },",
    `  { sort: '${spec.title.name}', order: 'asc', label: 'titleAsc' },`,
    `  { sort: '${spec.title.name}', order: 'desc', label: 'titleDesc' },`,
    '] as const;',
    '',
    `type Order = Pick<${N.pascal}ListView, 'sort' | 'order'>;`,
    `type View = ${N.pascal}ListView | Platform${N.pascal}ListView;`,
    '',
    "/** The order's select, alone in the phone's Sort sheet or beside the filters in its Filters sheet. */",
    `function ${N.pascal}SortSelect({ view, onChange }: { view: Order; onChange: (change: Order) => void }) {`,
    `  const { t } = useTranslation('${N.kebab}');`,
    '  return (',
    '    <LabelledSelect',
    "      label={t('list.sort')}",
    '      icon={ArrowDownUp}',
    '      value={`${view.sort}:${view.order}`}',
    '      onChange={(value) => {',
    '        const option = sortOptions.find((o) => `${o.sort}:${o.order}` === value);',
    '        if (option) onChange({ sort: option.sort, order: option.order });',
    '      }}',
    '    >',
    '      {sortOptions.map((option) => (',
    '        <option key={option.label} value={`${option.sort}:${option.order}`}>',
    '          {t(`list.sorts.${option.label}`)}',
    '        </option>',
    '      ))}',
    '    </LabelledSelect>',
    '  );',
    '}',
    '',
    '/**',
    " * The manager's organization filter: every organization (by name) or one. An organization the choices",
    ' * leave out (past `appConfig.organizations.choicesMax`), reached by a link, is still shown as chosen.',
    ' */',
    `function ${N.pascal}OrganizationFilter({`,
    '  value,',
    '  onChange,',
    '}: {',
    '  value: string;',
    '  onChange: (organizationId: string) => void;',
    '}) {',
    `  const { t } = useTranslation('${N.kebab}');`,
    '  const { data: choices = [] } = useQuery(organizationQueries.choices());',
    "  const listed = value === '' || choices.some((choice) => choice.id === value);",
    '  return (',
    "    <LabelledSelect label={t('fields.organization')} icon={Building2} value={value} onChange={onChange}>",
    '      <option value="">{t(\'filters.allOrganizations\')}</option>',
    "      {listed ? null : <option value={value}>{t('filters.otherOrganization')}</option>}",
    '      {choices.map((choice) => (',
    '        <option key={choice.id} value={choice.id}>',
    '          {choice.name}',
    '        </option>',
    '      ))}',
    '    </LabelledSelect>',
    '  );',
    '}',
    '',
    '/**',
    ` * The list's filters: in the manager area the organization first${fieldFilters.length > 0 ? `, then ${fieldFilters.map((field) => field.label.toLowerCase()).join(', ')}` : ''}. In a row under the`,
    " * search from 768 px, stacked in a phone's Filters sheet.",
    ' */',
    `export function ${N.pascal}Filters({`,
    '  view,',
    '  onChange,',
    '}: {',
    '  view: View;',
    `  onChange: (change: Partial<Platform${N.pascal}ListView>) => void;`,
    '}) {',
    fieldFilters.length > 0 && `  const { t } = useTranslation('${N.kebab}');`,
    ranges.length > 0 && '  const id = useId();',
    '  return (',
    '    <>',
    "      {'organizationId' in view ? (",
    `        <${N.pascal}OrganizationFilter`,
    '          value={view.organizationId}',
    '          onChange={(organizationId) => onChange({ organizationId })}',
    '        />',
    '      ) : null}',
    ...fieldFilters.map((field) => control(field).replace(/^/gm, '  ')),
    '    </>',
    '  );',
    '}',
    '',
    '/** How many filters narrow the view: the count a phone sees on "Filters". */',
    `function active${N.pascal}Filters(view: View): number {`,
    `  return [${["'organizationId' in view ? view.organizationId : ''", ...params.map((param) => `view.${param}`)].join(', ')}].filter(Boolean).length;`,
    '}',
    '',
    '/** The filters cleared (the Reset of the Filters sheet). */',
    `const noFilters = { organizationId: ''${params.map((param) => `, ${param}: ''`).join('')} } as const;`,
    '',
    '/**',
    " * The list's options on a phone: the filters and the order in one Filters sheet, the button counting the",
    ' * filters that are on.',
    ' */',
    `export function ${N.pascal}FiltersDialog({`,
    '  view,',
    '  onChange,',
    '  className,',
    '}: {',
    '  view: View;',
    `  onChange: (change: Partial<Platform${N.pascal}ListView>) => void;`,
    '  className?: string;',
    '}) {',
    '  const { t } = useTranslation();',
    '  return (',
    '    <ListOptionsDialog',
    "      label={t('listOptions.filters')}",
    '      icon={SlidersHorizontal}',
    `      activeCount={active${N.pascal}Filters(view)}`,
    '      onReset={() => onChange(noFilters)}',
    '      className={className}',
    '    >',
    `      <${N.pascal}Filters view={view} onChange={onChange} />`,
    `      <${N.pascal}SortSelect view={view} onChange={onChange} />`,
    '    </ListOptionsDialog>',
    '  );',
    '}',
    '',
    fieldFilters.length === 0 &&
      lines(
        '/**',
        " * The list's order on a phone, where the table's sortable headers are not shown: an icon button beside the",
        ' * search opens a sheet with one select.',
        ' */',
        `export function ${N.pascal}SortDialog({`,
        '  view,',
        '  onChange,',
        '  className,',
        '}: {',
        '  view: Order;',
        '  onChange: (change: Order) => void;',
        '  className?: string;',
        '}) {',
        '  const { t } = useTranslation();',
        '  return (',
        "    <ListOptionsDialog label={t('listOptions.sort')} icon={ArrowDownUp} iconOnly className={className}>",
        `      <${N.pascal}SortSelect view={view} onChange={onChange} />`,
        '    </ListOptionsDialog>',
        '  );',
        '}',
        '',
      ),
  );
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * public/locales/<lng>/<noun>.json: English words; the other languages start as copies in their own quote
 * style (scripts/check-locales.ts), which `pnpm lint` lists for a translator.
 */
export function localeFile(spec: EntitySpec, lng = 'en'): string {
  const { singular: N, plural: P } = spec.names;
  const one = N.prose;
  const many = P.prose;
  const messages = (field: Field): Record<string, string | undefined> => {
    const label = field.label;
    const [max, min] = [`{{${N.camel}${field.pascal}Max}}`, `{{${N.camel}${field.pascal}Min}}`];
    const required = field.optional ? {} : { required: `${label} is required` };
    switch (field.kind) {
      case 'string':
      case 'text':
        return {
          ...required,
          max: `${label} must be at most ${max} characters`,
          ...(field.unique ? { taken: `${label} already used` } : {}),
        };
      case 'integer':
        return {
          ...required,
          invalid: `${label} must be a whole number`,
          min: `${label} must be at least ${min}`,
          max: `${label} must be at most ${max}`,
        };
      case 'decimal':
        return {
          ...required,
          invalid: `${label} must be a number with at most 2 decimals`,
          max: `${label} must be at most ${max}`,
        };
      case 'enum':
        return { required: `Choose a ${label.toLowerCase()}` };
      case 'date':
      case 'datetime':
        return { ...required, invalid: `${label} is not a valid date` };
      case 'ref':
        return {
          ...required,
          invalid: `${label} is not valid`,
          placeholder: `Choose a ${field.target?.singular.prose}`,
          gone: `This ${field.target?.singular.prose} no longer exists in this organization`,
        };
      case 'boolean':
        return {};
    }
  };
  const texts = spec.fields.filter((field) => field.kind === 'text');
  const words = {
    nav: sentence(many),
    pages: { list: sentence(many), detail: sentence(one), create: `New ${one}`, update: `Edit ${one}` },
    ...Object.fromEntries(texts.map((field) => [`no${field.pascal}`, `No ${field.label.toLowerCase()}`])),
    yes: 'Yes',
    no: 'No',
    fields: {
      ...Object.fromEntries(spec.fields.map((field) => [field.name, field.label])),
      organization: 'Organization',
      created: 'Created',
      updated: 'Last updated',
    },
    ...(enums(spec).length > 0
      ? {
          values: Object.fromEntries(
            enums(spec).map((field) => [
              field.name,
              Object.fromEntries(field.values.map((value) => [value, sentence(value.replaceAll('-', ' '))])),
            ]),
          ),
        }
      : {}),
    detail: { edit: 'Edit' },
    list: {
      new: `New ${one}`,
      sort: 'Sort by',
      sorts: {
        createdDesc: 'Newest first',
        createdAsc: 'Oldest first',
        titleAsc: `${spec.title.label} A–Z`,
        titleDesc: `${spec.title.label} Z–A`,
      },
    },
    filters: {
      any: 'Any',
      from: '{{field}} from',
      to: '{{field}} until',
      allOrganizations: 'All organizations',
      otherOrganization: 'The linked organization',
    },
    form: {
      cancel: 'Cancel',
      optional: 'Optional.',
      ...Object.fromEntries(
        spec.fields
          .filter((field) => Object.keys(messages(field)).length > 0)
          .map((field) => [field.name, messages(field)]),
      ),
      organization: {
        label: 'Organization',
        placeholder: 'Choose an organization',
        required: 'Choose the organization it belongs to',
        gone: 'This organization no longer exists',
      },
    },
    create: { submit: `Create ${one}`, done: `${sentence(one)} created` },
    update: { submit: 'Save changes', done: 'Changes saved' },
    delete: {
      action: 'Delete',
      title: `Delete this ${one}?`,
      description: '"{{name}}" will be deleted for everyone. This cannot be undone.',
      confirm: 'Delete',
      done: `${sentence(one)} "{{name}}" deleted`,
      failed: `Could not delete the ${one}, please try again`,
    },
    errors: {
      NOT_FOUND: `This ${one} no longer exists`,
      PLAN_LIMIT_REACHED: `The organization's plan allows no more ${many}. An owner can upgrade it under Organization, Plan and billing.`,
    },
    audit: {
      group: sentence(many),
      target: sentence(one),
      create: `<actor>{{actor}}</actor> created the ${one} <target>{{target}}</target>`,
      update: `<actor>{{actor}}</actor> edited the ${one} <target>{{target}}</target>`,
      delete: `<actor>{{actor}}</actor> deleted the ${one} <target>{{target}}</target>`,
      export: `<actor>{{actor}}</actor> exported the ${many} list`,
    },
    export: { id: 'ID' },
    bulk: {
      selectRow: 'Select {{name}}',
      selectPage: `Select every ${one} on this page`,
      action: 'Delete',
      title_one: `Delete {{count, number}} ${one}?`,
      title_other: `Delete {{count, number}} ${many}?`,
      description_one: `This ${one} is deleted for good. This cannot be undone:`,
      description_other: `These ${many} are deleted for good. This cannot be undone:`,
      confirm: `Delete ${many}`,
      done_one: '{{count, number}} deleted',
      done_other: '{{count, number}} deleted',
      reasons: { NOT_FOUND: `This ${one} no longer exists.` },
    },
  };
  const json = `${JSON.stringify(words, null, 2)}\n`;
  // French quotes with « » and narrow no-break spaces, Arabic with « »; the JSON's own quotes are escaped.
  if (lng === 'fr') return json.replace(/\\"([^"\\]*)\\"/g, '«\u202f$1\u202f»');
  if (lng === 'ar') return json.replace(/\\"([^"\\]*)\\"/g, '«$1»');
  return json;
}

/** src/server/db/seed/<noun>.ts: a few sample rows in each seeded organization. */
export function seedFile(spec: EntitySpec): string {
  const { singular: N, plural: P } = spec.names;
  const targets = [...new Map(refs(spec).map((field) => [field.target?.singular.camel, field])).values()];
  const row = (n: number) =>
    `    { ${spec.fields
      .map((field) => {
        if (field.kind === 'ref')
          return `${field.name}: ${field.optional ? `n % 2 === 0 ? null : ` : ''}${field.target?.plural.camel}[n % ${field.target?.plural.camel}.length]?.id${field.optional ? ' ?? null' : " ?? ''"}`;
        const value = sampleFromSeed(field, n);
        return `${field.name}: ${value}`;
      })
      .join(', ')} },`;
  return lines(
    "import '@tanstack/react-start/server-only';",
    targets.length > 0 ? "import { eq } from 'drizzle-orm';" : undefined,
    "import type { Database } from '../client.ts';",
    `import { ${[N.camel, ...targets.map((field) => field.target?.singular.camel ?? '')].sort().join(', ')} } from '../schema/index.ts';`,
    '',
    `/** Sample ${P.prose} for the seeded organizations, so lists, search and filters have something to show. */`,
    `export async function seed${P.pascal}(db: Database): Promise<number> {`,
    '  let added = 0;',
    "  for (const [organizationId, count] of [['acme', 12], ['globex', 3]] as const) {",
    ...targets.map(
      (field) =>
        `    const ${field.target?.plural.camel} = await db.select({ id: ${field.target?.singular.camel}.id }).from(${field.target?.singular.camel}).where(eq(${field.target?.singular.camel}.organizationId, organizationId));`,
    ),
    '    const rows = Array.from({ length: count }, (_, n) => ({',
    '      organizationId,',
    row(0)
      .replace(/^ {4}\{ /, '      ')
      .replace(/ \},$/, ','),
    '      createdAt: new Date(Date.now() - (count - n) * 3_600_000),',
    '    }));',
    `    const inserted = await db.insert(${N.camel}).values(rows).onConflictDoNothing().returning({ id: ${N.camel}.id });`,
    '    added += inserted.length;',
    '  }',
    '  return added;',
    '}',
    '',
  );
}

/** A seed row's value for row `n` (a variable in the generated code). */
function sampleFromSeed(field: Field, _n: number): string {
  switch (field.kind) {
    case 'string':
      return `\`${field.label} \${n + 1}\``;
    case 'text':
      return `${field.optional ? 'n % 3 === 0 ? null : ' : ''}\`${field.label} of sample ${'$'}{n + 1}.\``;
    case 'integer':
      return field.optional ? 'n % 4 === 0 ? null : n * 10' : 'n * 10';
    case 'decimal':
      return field.optional ? 'n % 4 === 0 ? null : `${n * 3}.50`' : '`${n * 3}.50`';
    case 'boolean':
      return 'n % 3 === 0';
    case 'enum':
      return `(['${field.values.join("', '")}'] as const)[n % ${field.values.length}]`;
    case 'date':
      return `${field.optional ? 'n % 4 === 0 ? null : ' : ''}\`2026-\${String(1 + (n % 12)).padStart(2, '0')}-15\``;
    case 'datetime':
      return `${field.optional ? 'n % 4 === 0 ? null : ' : ''}new Date(Date.UTC(2026, n % 12, 15, 9, 30))`;
    case 'ref':
      return 'null';
  }
}

/** The CSV's value of a field (`item` is a list row). */
function csvValue(field: Field): string {
  const value = `item.${listName(field)}`;
  if (field.kind === 'datetime')
    return field.optional ? `${value} === null ? null : new Date(${value})` : `new Date(${value})`;
  if (field.kind === 'ref') return field.optional ? `${value}?.label ?? null` : `${value}.label`;
  return value;
}

/** export.server.ts: the file's header, in the caller's language. */
export function exportHeader(spec: EntitySpec): string {
  return lines(
    `function ${spec.names.singular.camel}ExportHeader(t: TFunction): string[] {`,
    '  return [',
    "    t('export.id'),",
    ...spec.fields.map((field) => `    t('fields.${field.name}'),`),
    "    t('fields.organization'),",
    "    t('fields.created'),",
    '  ];',
    '}',
    '',
  );
}

/** export.server.ts: one row as a line of the file (long texts as the list's excerpt). */
export function exportRow(spec: EntitySpec): string {
  const N = spec.names.singular;
  return lines(
    `function ${N.camel}ExportRow(item: ${N.pascal}ListItem): CsvValue[] {`,
    '  return [',
    '    item.id,',
    ...spec.fields.map((field) => `    ${csvValue(field)},`),
    '    item.organization.name,',
    '    new Date(item.createdAt),',
    '  ];',
    '}',
    '',
  );
}

type Replace = (text: string, pattern: RegExp | string, replacement: string, what: string) => string;

/** <noun>-editor-pages.tsx: the edit form starts from the stored values. */
export function patchEditorPages(text: string, spec: EntitySpec, replace: Replace): string {
  const N = spec.names.singular;
  const values = spec.fields.map((field) => `          ${field.name}: ${formValueOf(field, N.camel)},`);
  const needs = [
    spec.fields.some((field) => field.kind === 'date') && "import { dayToDate } from '@/lib/days';",
    spec.fields.some((field) => field.kind === 'datetime') &&
      "import { momentToLocalInput } from '@/lib/fields';",
  ].filter((line): line is string => typeof line === 'string');
  const patched = replace(
    text,
    /defaultValues=\{\{\n[\s\S]*?\n {8}\}\}/,
    `defaultValues={{\n${values.join('\n')}\n        }}`,
    'the edit form defaults',
  );
  return needs.length === 0
    ? patched
    : replace(
        patched,
        "import { organizationQueries } from '@/features/organization/queries';\n",
        `import { organizationQueries } from '@/features/organization/queries';\n${needs.join('\n')}\n`,
        'the editor pages imports',
      );
}

/** <noun>-list-page.tsx: the filters (both areas when the fields have some) and a row's content on a phone. */
export function patchListPage(text: string, spec: EntitySpec, replace: Replace): string {
  const N = spec.names.singular;
  const t = N.camel;
  const hasFilters = filters(spec).length > 0;
  const excerpt = spec.fields.find((field) => field.kind === 'text');
  const badge = enums(spec)[0];
  let out = replace(text, "import { safeExternalUrl } from '../links';\n", '', 'the link import');
  out = replace(
    out,
    /import \{\n {2}\w+FiltersDialog,\n {2}\w+OrganizationFilter,\n {2}\w+SortDialog,\n\} from '\.\/[\w-]+-list-controls';/,
    `import { ${N.pascal}Filters, ${N.pascal}FiltersDialog${hasFilters ? '' : `, ${N.pascal}SortDialog`} } from './${N.kebab}-list-controls';`,
    'the list controls import',
  );
  if (hasFilters) {
    out = replace(
      out,
      /\{'organizationId' in view \? \(\n\s*<\w+FiltersDialog view=\{view\} onChange=\{onViewChange\} className="md:hidden" \/>\n\s*\) : \(\n\s*<\w+SortDialog view=\{view\} onChange=\{onViewChange\} className="md:hidden" \/>\n\s*\)\}/,
      `<${N.pascal}FiltersDialog view={view} onChange={onViewChange} className="md:hidden" />`,
      'the phone filters',
    );
  }
  out = replace(
    out,
    /\{'organizationId' in view \? \(\n\s*<div className="mb-4 grid gap-2 max-md:hidden md:grid-cols-3">\n\s*<\w+OrganizationFilter\n[\s\S]*?<\/div>\n\s*\) : null\}/,
    hasFilters
      ? `<div className="mb-4 grid gap-2 max-md:hidden md:grid-cols-4">\n        <${N.pascal}Filters view={view} onChange={onViewChange} />\n      </div>`
      : `{'organizationId' in view ? (\n        <div className="mb-4 grid gap-2 max-md:hidden md:grid-cols-3">\n          <${N.pascal}Filters view={view} onChange={onViewChange} />\n        </div>\n      ) : null}`,
    'the filters row',
  );
  const rowContent = lines(
    `/** A ${N.prose}'s ${spec.title.label.toLowerCase()}${badge ? `, ${badge.label.toLowerCase()}` : ''}${excerpt ? ` and ${excerpt.label.toLowerCase()}'s start` : ''}, as a list row shows them. */`,
    `function ${N.pascal}RowContent({ ${t} }: { ${t}: ${N.pascal}ListItem }) {`,
    badge || excerpt ? `  const { t } = useTranslation('${N.kebab}');` : undefined,
    '  return (',
    '    <>',
    '      <span className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3">',
    `        <TextLine className="font-medium">{${t}.${spec.title.name}}</TextLine>`,
    badge
      ? `        <Badge variant="secondary">{t(\`values.${badge.name}.\${${t}.${badge.name}}\`)}</Badge>`
      : undefined,
    '      </span>',
    excerpt
      ? lines(
          '      <span dir="auto" className="line-clamp-2 text-sm text-muted-foreground rtl:text-right">',
          `        {${t}.${listName(excerpt)} || t('no${excerpt.pascal}')}`,
          '      </span>',
        )
      : undefined,
    '    </>',
    '  );',
    '}',
    '',
  );
  out = replace(out, /\/\*\* A [\w ]+'s name, host[\s\S]*$/, rowContent, 'the row content');
  return badge
    ? replace(
        out,
        "import { Button } from '@/components/ui/button';\n",
        "import { Badge } from '@/components/ui/badge';\nimport { Button } from '@/components/ui/button';\n",
        'the badge import',
      )
    : out;
}

/** The entity registry. */
export const REGISTRY = 'src/entities.ts';

/** The new entity's entries in the registry: the repository's import lines and entry, renamed. */
export function registryEntries(
  registry: string,
  spec: EntitySpec,
): Array<{ file: string; marker: string; text: string }> {
  const imports = registry
    .split('\n')
    .filter((line) => line.startsWith('import ') && /repositor/i.test(line));
  const entry = /\n( {2}repository: \{\n[\s\S]*?\n {2}\},)\n/.exec(registry)?.[1];
  if (imports.length === 0 || !entry)
    throw new Error(`scaffold: ${REGISTRY} has no repository entry to copy`);
  const renamed = (text: string) => renameContent(text, REGISTRY, spec.names);
  return [
    {
      file: REGISTRY,
      marker: "// New entities' imports: pnpm scaffold:entity",
      text: renamed(imports.join('\n')),
    },
    { file: REGISTRY, marker: '  // New entities: pnpm scaffold:entity', text: renamed(entry) },
  ];
}

/** The public API's schema of what a field answers (the generated data module's list item and detail). */
function apiZodOf(spec: EntitySpec, field: Field): string {
  const nullable = field.optional ? '.nullable()' : '';
  switch (field.kind) {
    case 'string':
    case 'text':
      return `z.string()${nullable}`;
    case 'integer':
      return `z.int()${nullable}`;
    case 'decimal':
      // numeric(12, 2) travels as text, with its two decimals.
      return `z.string().regex(/^-?\\d+\\.\\d{2}$/)${nullable}`;
    case 'boolean':
      return 'z.boolean()';
    case 'enum':
      return `z.enum(${valuesName(spec, field)})`;
    case 'date':
      return `z.iso.date()${nullable}`;
    case 'datetime':
      // The list reads it as Postgres' JSON text (`+00:00`), the detail as `toISOString()` (`Z`).
      return `z.iso.datetime({ offset: true })${nullable}`;
    case 'ref':
      // The id of the row, as a create or a PATCH sends it (the module's `apiRow`).
      return `z.string()${nullable}`;
  }
}

/** src/features/<noun>/api.server.ts: the entity's collection of the public API (src/server/api). */
export function apiFile(spec: EntitySpec): string {
  const { singular: N, plural: P } = spec.names;
  const references = refs(spec);
  const valueImports = enums(spec).map((field) => valuesName(spec, field));
  const listFields = spec.fields.map((field) => `  ${listName(field)}: ${apiZodOf(spec, field)},`);
  const detailFields = spec.fields.map((field) => `  ${field.name}: ${apiZodOf(spec, field)},`);
  const schemaImports = [
    ...(references.length > 0 ? [`type ${N.pascal}Detail`, `type ${N.pascal}ListItem`] : []),
    `type ${N.pascal}Values`,
    `z${N.pascal}Form`,
    `z${N.pascal}ListQuery`,
  ];
  const asApi = (expression: string) => (references.length > 0 ? `apiRow(${expression})` : expression);
  return lines(
    "import '@tanstack/react-start/server-only';",
    "import { z } from 'zod';",
    "import type { ApiResource } from '@/server/api/resource';",
    `import { find${N.pascal}ById, list${P.pascal} } from './data.server';`,
    `import { change${N.pascal}, create${N.pascal}, remove${N.pascal} } from './mutations.server';`,
    `import { ${schemaImports.join(', ')} } from './schema';`,
    valueImports.length > 0 && `import { ${valueImports.join(', ')} } from './values';`,
    '',
    `// The public API's /api/v1/${P.kebab}: the app area's functions (the list page's query, the form's`,
    "// schema, the same data and audited mutations), scoped to the calling key's organization.",
    '',
    `const z${N.pascal}ListItem = z.object({`,
    '  id: z.string(),',
    ...listFields,
    '  createdAt: z.iso.datetime({ offset: true }),',
    '});',
    '',
    `const z${N.pascal} = z.object({`,
    '  id: z.string(),',
    ...detailFields,
    '  createdAt: z.iso.datetime({ offset: true }),',
    '  updatedAt: z.iso.datetime({ offset: true }),',
    '});',
    '',
    references.length > 0 &&
      lines(
        '/**',
        ' * A row as the API answers it: each reference as the id of its row (what a create or a PATCH sends, so a',
        " * row read back passes the form again), not the app's `{ id, label }`.",
        ' */',
        `function apiRow<T extends ${N.pascal}ListItem | ${N.pascal}Detail>(row: T) {`,
        '  return {',
        '    ...row,',
        ...references.map((field) =>
          field.optional
            ? `    ${field.name}: row.${field.name}?.id ?? null,`
            : `    ${field.name}: row.${field.name}.id,`,
        ),
        '  };',
        '}',
        '',
      ),
    `export const ${N.camel}Api: ApiResource = {`,
    `  noun: '${N.kebab}',`,
    `  collection: '${P.kebab}',`,
    `  title: '${P.pascal}',`,
    `  listQuery: z${N.pascal}ListQuery,`,
    `  form: z${N.pascal}Form,`,
    `  listItem: z${N.pascal}ListItem,`,
    `  item: z${N.pascal},`,
    references.length > 0
      ? lines(
          `  list: async (organizationId, query: z.output<typeof z${N.pascal}ListQuery>, db) => {`,
          `    const page = await list${P.pascal}({ organizationId }, query, db);`,
          '    return { ...page, items: page.items.map(apiRow) };',
          '  },',
          '  get: async (organizationId, id, db) => {',
          `    const found = await find${N.pascal}ById({ organizationId }, id, db);`,
          `    return found && ${asApi('found')};`,
          '  },',
          `  create: async (organizationId, values: ${N.pascal}Values, actor, db) =>`,
          `    ${asApi(`await create${N.pascal}(organizationId, values, actor, db)`)},`,
          `  update: async (organizationId, id, values: ${N.pascal}Values, actor, db) => {`,
          `    const changed = await change${N.pascal}({ organizationId }, id, values, actor, db);`,
          `    return changed && ${asApi('changed')};`,
          '  },',
        )
      : lines(
          `  list: (organizationId, query: z.output<typeof z${N.pascal}ListQuery>, db) =>`,
          `    list${P.pascal}({ organizationId }, query, db),`,
          `  get: (organizationId, id, db) => find${N.pascal}ById({ organizationId }, id, db),`,
          `  create: (organizationId, values: ${N.pascal}Values, actor, db) =>`,
          `    create${N.pascal}(organizationId, values, actor, db),`,
          `  update: (organizationId, id, values: ${N.pascal}Values, actor, db) =>`,
          `    change${N.pascal}({ organizationId }, id, values, actor, db),`,
        ),
    `  remove: (organizationId, id, actor, db) => remove${N.pascal}({ organizationId }, id, actor, db),`,
    '};',
    '',
  );
}

/** The public API's registry of collections. */
export const API_REGISTRY = 'src/server/api/resources.ts';

/** The new entity's import and entry in the public API's registry. */
export function apiEntries(spec: EntitySpec): Array<{ file: string; marker: string; text: string }> {
  const N = spec.names.singular;
  return [
    {
      file: API_REGISTRY,
      marker: "// New entities' imports: pnpm scaffold:entity",
      text: `import { ${N.camel}Api } from '@/features/${N.kebab}/api.server';`,
    },
    {
      file: API_REGISTRY,
      marker: '  // New entities: pnpm scaffold:entity',
      text: `  [${N.camel}Api.collection]: ${N.camel}Api,`,
    },
  ];
}

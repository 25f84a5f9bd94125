/**
 * `pnpm scaffold:entity <noun> <nouns> <field>…`: a tenant-owned entity like repositories, with its own
 * fields (docs/adding-an-entity.md), e.g.
 *
 *   pnpm scaffold:entity project projects name:string:unique:search 'status:enum(planned,active,done)=planned' due:date? description:text?
 *
 * Every file of the repository slice has its counterpart (`SLICE` below): the files that do not depend on
 * the fields are the repository's own, renamed, so they never drift from it; the others are written from
 * the fields (./scaffold/templates.ts, ./scaffold/test-templates.ts). The entity's one entry in each shared
 * list (the registry, the schema barrel, the limits, the seed) is added at its marked line. It only adds
 * files and those entries, and writes nothing when a file it would add exists. scaffold-entity.test.ts
 * generates an entity with every kind of field and runs its checks and tests, so a change to the slice that
 * the generator does not follow fails `pnpm test`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { limitsOf } from './scaffold/fields.ts';
import { renameContent, spell } from './scaffold/rename.ts';
import { type EntitySpec, parseEntity } from './scaffold/spec.ts';
import * as source from './scaffold/templates.ts';
import * as tests from './scaffold/test-templates.ts';

type Template = (spec: EntitySpec) => string;
/**
 * How a slice file becomes the new entity's: written from the fields, copied with its words renamed (and
 * the patches given, each of which must apply), or covered by another generated file (the reason says how).
 */
type Counterpart =
  | { write: Template }
  | { copy: true; patch?: (text: string, spec: EntitySpec) => string }
  | { coveredBy: string };

/** Replaces `pattern` in `text`; throws when it is not there (the repository file changed under it). */
function replaceOnce(text: string, pattern: RegExp | string, replacement: string, what: string): string {
  const found = typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
  if (!found) throw new Error(`scaffold: the repository slice changed, cannot patch ${what}`);
  return text.replace(pattern, replacement);
}

/** The title field's name where the copy says `name` (the repository's title), on the entity's rows only. */
function renameTitle(text: string, spec: EntitySpec): string {
  const title = spec.title.name;
  if (title === 'name') return text;
  const rows = `${spec.names.singular.camel}|item|deleted|created|current|previous`;
  return text
    .replace(new RegExp(`\\b(${rows})\\.name\\b`, 'g'), `$1.${title}`)
    .replace(/\bname: string\b/g, `${title}: string`);
}

const SLICE: Record<string, Counterpart> = {
  'src/server/db/schema/repository.ts': { write: source.tableFile },
  'src/features/repository/schema.ts': { write: source.schemaFile },
  'src/features/repository/search.ts': { write: source.searchFile },
  'src/features/repository/links.ts': {
    coveredBy: "nothing: the repository's web-link rules (its `link` field); a generated entity has no link",
  },
  'src/features/repository/data.server.ts': { write: source.dataFile },
  'src/features/repository/mutations.server.ts': {
    copy: true,
    patch: (text, spec) => {
      const fields = spec.fields.map((field) => `'${field.name}'`).join(', ');
      let edited = replaceOnce(
        text,
        /const editableFields = \[[^\]]*\] as const;/,
        `const editableFields = [${fields}] as const;`,
        'editableFields',
      );
      if (spec.fields.some((field) => field.kind === 'ref')) {
        // A reference is read as `{ id, label }`: it changed when its id did.
        edited = replaceOnce(
          edited,
          'previous[field] !== current[field]',
          'JSON.stringify(previous[field]) !== JSON.stringify(current[field])',
          'the changed fields',
        );
      }
      if (spec.title.name === 'name') return edited;
      // The deleted row and the rename's metadata name the title field.
      return edited
        .replace(/\bname\b/g, spec.title.name)
        .replace(/previousName/g, `previous${spec.title.pascal}`);
    },
  },
  'src/features/repository/api.server.ts': { write: source.apiFile },
  'src/features/repository/functions.ts': { copy: true },
  'src/features/repository/queries.ts': { copy: true },
  'src/features/repository/export.server.ts': {
    copy: true,
    patch: (text, spec) => {
      const N = spec.names.singular;
      const header = replaceOnce(
        text,
        new RegExp(`function ${N.camel}ExportHeader\\(t: TFunction\\): string\\[\\] \\{[\\s\\S]*?\\n\\}\\n`),
        source.exportHeader(spec),
        'the export header',
      );
      return replaceOnce(
        header,
        new RegExp(
          `function ${N.camel}ExportRow\\(item: ${N.pascal}ListItem\\): CsvValue\\[\\] \\{[\\s\\S]*?\\n\\}\\n`,
        ),
        source.exportRow(spec),
        'the export row',
      );
    },
  },
  'src/features/repository/components/area.ts': { copy: true },
  'src/features/repository/components/repository-actions.tsx': { copy: true },
  'src/features/repository/components/delete-repository-dialog.tsx': { copy: true },
  'src/features/repository/components/repository-bulk-bar.tsx': { copy: true },
  'src/features/repository/components/repository-editor-pages.tsx': {
    copy: true,
    patch: (text, spec) => source.patchEditorPages(text, spec, replaceOnce),
  },
  'src/features/repository/components/repository-form.tsx': { write: source.formFile },
  'src/features/repository/components/repository-table.tsx': { write: source.tableComponentFile },
  'src/features/repository/components/repository-detail-page.tsx': { write: source.detailPageFile },
  'src/features/repository/components/repository-list-controls.tsx': { write: source.listControlsFile },
  'src/features/repository/components/repository-list-page.tsx': {
    copy: true,
    patch: (text, spec) => source.patchListPage(text, spec, replaceOnce),
  },
  'src/features/repository/schema.test.ts': { write: tests.schemaTestFile },
  'src/features/repository/search.test.ts': { write: tests.searchTestFile },
  'src/features/repository/data.integration.test.ts': { write: tests.dataTestFile },
  'src/features/repository/isolation.integration.test.ts': {
    coveredBy: 'data.integration.test.ts: every read and write with an id of another organization',
  },
  'src/features/repository/mutations.integration.test.ts': { write: tests.mutationsTestFile },
  'src/features/repository/bulk.integration.test.ts': {
    coveredBy: 'mutations.integration.test.ts: the bulk delete by ids and by view',
  },
  'src/features/repository/export.integration.test.ts': { write: tests.exportTestFile },
  'src/features/repository/components/repository-form.test.tsx': { write: tests.formTestFile },
  'src/features/repository/components/repository-list-page.test.tsx': { write: tests.listPageTestFile },
  'src/routes/app/repositories/index.tsx': { copy: true },
  'src/routes/app/repositories/new.tsx': { copy: true },
  'src/routes/app/repositories/$id/index.tsx': { copy: true },
  'src/routes/app/repositories/$id/update.tsx': { copy: true },
  'src/routes/manager/repositories/index.tsx': { copy: true },
  'src/routes/manager/repositories/new.tsx': { copy: true },
  'src/routes/manager/repositories/$id/index.tsx': { copy: true },
  'src/routes/manager/repositories/$id/update.tsx': { copy: true },
  'src/routes/api/export/repositories.ts': { copy: true },
  'src/routes/api/export/platform-repositories.ts': { copy: true },
  'e2e/manager-repositories.spec.ts': { write: tests.e2eFile },
  'public/locales/en/repository.json': { write: source.localeFile },
  'public/locales/fr/repository.json': { write: (spec) => source.localeFile(spec, 'fr') },
  'public/locales/ar/repository.json': { write: (spec) => source.localeFile(spec, 'ar') },
  'public/locales/sw/repository.json': { write: (spec) => source.localeFile(spec, 'sw') },
};

/** Where the repository slice lives: every file under these is in `SLICE` (scaffold-entity.test.ts). */
export const SLICE_ROOTS = [
  'src/server/db/schema/repository.ts',
  'src/features/repository',
  'src/routes/app/repositories',
  'src/routes/manager/repositories',
  'src/routes/api/export/repositories.ts',
  'src/routes/api/export/platform-repositories.ts',
  'e2e/manager-repositories.spec.ts',
  'public/locales/en/repository.json',
  'public/locales/fr/repository.json',
  'public/locales/ar/repository.json',
  'public/locales/sw/repository.json',
];

export const sliceFiles = () => Object.keys(SLICE);

function filesUnder(root: string, path: string): string[] {
  if (!existsSync(join(root, path))) return [];
  if (!statSync(join(root, path)).isDirectory()) return [path];
  return readdirSync(join(root, path)).flatMap((entry) => filesUnder(root, `${path}/${entry}`));
}

/** Every file under the slice's roots in the tree at `root`. */
export function sliceOnDisk(root: string): string[] {
  return SLICE_ROOTS.flatMap((path) => filesUnder(root, path)).sort();
}

type PlannedFile = { from: string; to: string; content: string };
/**
 * An entry added to an existing file: above its marker line, at the end when it has none, or for a JSON file
 * (no comments, so no marker) as keys merged into its object.
 */
type PlannedEntry = { file: string; marker: string; text: string };
export type Plan = { files: PlannedFile[]; entries: PlannedEntry[] };

/** The files and entries the new entity gets, read from the tree at `root`. Writes nothing. */
export function planEntity(root: string, args: string[]): Plan {
  const spec = parseEntity(args);
  const files = Object.entries(SLICE).flatMap(([from, how]): PlannedFile[] => {
    if ('coveredBy' in how) return [];
    const to = from.replace(/repositor(?:y|ies)/gi, (match) => spell(match, 'kebab', spec.names));
    if ('write' in how) return [{ from, to, content: how.write(spec) }];
    const renamed = renameTitle(renameContent(readFileSync(join(root, from), 'utf8'), to, spec.names), spec);
    return [{ from, to, content: how.patch ? how.patch(renamed, spec) : renamed }];
  });
  const N = spec.names.singular;
  // Files the repository has no counterpart of: its enum values, its sample rows, and the test of its
  // public API collection.
  if (spec.fields.some((field) => field.kind === 'enum')) {
    files.push({ from: '', to: `src/features/${N.kebab}/values.ts`, content: source.valuesFile(spec) });
  }
  files.push({ from: '', to: `src/server/db/seed/${N.kebab}.ts`, content: source.seedFile(spec) });
  files.push({
    from: '',
    to: `src/features/${N.kebab}/api.integration.test.ts`,
    content: tests.apiTestFile(spec),
  });
  const limits = spec.fields.flatMap((field) => limitsOf(spec, field));
  const entries: PlannedEntry[] = [
    { file: 'src/server/db/schema/index.ts', marker: '', text: `export * from './${N.kebab}.ts';` },
    ...(limits.length > 0
      ? [
          {
            file: 'app.config.ts',
            marker: "    // New entities' limits",
            text: limits
              .map(([name, value]) => `    ${name}: ${value.toLocaleString('en').replaceAll(',', '_')},`)
              .join('\n'),
          },
        ]
      : []),
    {
      file: 'src/server/db/seed/seed.ts',
      marker: "// New entities' sample rows: pnpm scaffold:entity adds their imports",
      text: `import { seed${spec.names.plural.pascal} } from './${N.kebab}.ts';`,
    },
    {
      file: 'src/server/db/seed/seed.ts',
      marker: "  // New entities' sample rows: pnpm scaffold:entity adds them",
      text: `  await seed${spec.names.plural.pascal}(db);`,
    },
    ...source.registryEntries(readFileSync(join(root, source.REGISTRY), 'utf8'), spec),
    ...source.apiEntries(spec),
    budgetEntry(root, spec),
  ];
  return { files, entries };
}

const BUDGET = 'bundle-budget.json';

/**
 * The first-load budget of the entity's pages: the repository's pages', renamed (a generated page weighs
 * within a kilobyte or two of the repository's; `pnpm budget --update` measures it once built).
 */
function budgetEntry(root: string, spec: EntitySpec): PlannedEntry {
  const budget = JSON.parse(readFileSync(join(root, BUDGET), 'utf8')) as Record<string, unknown>;
  const pages = Object.fromEntries(
    Object.entries(budget).filter(([route]) => /\/repositories(\/|$)/.test(route)),
  );
  return { file: BUDGET, marker: '', text: renameContent(JSON.stringify(pages), BUDGET, spec.names) };
}

/** `text` with `entry` added (see PlannedEntry); throws when the marker is gone. */
export function addEntry(text: string, entry: PlannedEntry): string {
  if (entry.file.endsWith('.json')) {
    const merged = { ...(JSON.parse(text) as object), ...(JSON.parse(entry.text) as object) };
    return `${JSON.stringify(merged, null, 2)}\n`;
  }
  if (entry.marker === '') return `${text.trimEnd()}\n${entry.text}\n`;
  const at = text.indexOf(entry.marker);
  if (at < 0) throw new Error(`scaffold: ${entry.file} has lost its marker "${entry.marker.trim()}"`);
  return `${text.slice(0, at)}${entry.text}\n${text.slice(at)}`;
}

/** Writes the plan under `root`; refuses, writing nothing, when any of its files exists already. */
export function writePlan(root: string, plan: Plan): void {
  const taken = plan.files.filter((file) => existsSync(join(root, file.to))).map((file) => file.to);
  if (taken.length > 0) throw new Error(`refusing to overwrite:\n  ${taken.join('\n  ')}`);
  // Every entry is placed before anything is written, so a lost marker writes nothing either.
  const edited = new Map<string, string>();
  for (const entry of plan.entries) {
    edited.set(
      entry.file,
      addEntry(edited.get(entry.file) ?? readFileSync(join(root, entry.file), 'utf8'), entry),
    );
  }
  for (const { to, content } of plan.files) {
    mkdirSync(dirname(join(root, to)), { recursive: true });
    writeFileSync(join(root, to), content, { flag: 'wx' });
  }
  for (const [file, text] of edited) writeFileSync(join(root, file), text);
}

/** The example of docs/adding-an-entity.md, whose listing there is `guideListing` of it (scaffold-entity.test.ts). */
export const GUIDE_EXAMPLE = [
  'project',
  'projects',
  'name:string:unique:search',
  'status:enum(planned,active,done)=planned',
  'due:date?',
  'description:text?',
];
export const GUIDE = 'docs/adding-an-entity.md';
const GUIDE_START = '<!-- scaffold:listing -->';
const GUIDE_END = '<!-- /scaffold:listing -->';

/** What the command adds and touches, as the guide lists it (by folder, with counts). */
export function guideListing(plan: Plan): string {
  const folders = new Map<string, string[]>();
  for (const { to } of plan.files) {
    const folder = to.startsWith('public/locales/') ? 'public/locales/*' : dirname(to);
    const name = to.startsWith('public/locales/')
      ? to.split('/').slice(3).join('/')
      : to.slice(folder.length + 1);
    folders.set(folder, [...new Set([...(folders.get(folder) ?? []), name])]);
  }
  const touched = [...new Set(plan.entries.map((entry) => entry.file))];
  return [
    GUIDE_START,
    `It adds **${plan.files.length} files** and **${plan.entries.length} entries** in **${touched.length} existing files**:`,
    '',
    ...[...folders].map(([folder, names]) =>
      folder === 'public/locales/*'
        ? `- \`public/locales/{en,fr,ar,sw}/\`: ${names.map((name) => `\`${name}\``).join(', ')} (4)`
        : `- \`${folder}/\`: ${names.map((name) => `\`${name}\``).join(', ')} (${names.length})`,
    ),
    '',
    'and its entry in:',
    '',
    ...touched.map((file) => {
      const entries = plan.entries.filter((entry) => entry.file === file);
      const where = file.endsWith('.json')
        ? "its pages' entries, the repository's renamed"
        : entries[0]?.marker
          ? 'above the line that says so'
          : 'at its end';
      return `- \`${file}\` (${entries.length}, ${where})`;
    }),
    '',
    '| For `project`                   | Copied by hand before (issue 31) | Now                                        |',
    '| ------------------------------- | -------------------------------- | ------------------------------------------ |',
    `| files added                     | 46                               | ${plan.files.length}, by one command${' '.repeat(24 - String(plan.files.length).length)}|`,
    `| existing files touched          | 25 (14 the guide never named)    | ${touched.length}, by the same command (${plan.entries.length} entries)${' '.repeat(11 - String(touched.length).length - String(plan.entries.length).length)}|`,
    '| generated files edited by hand  | 28 (1,540 changed lines)         | 0                                          |',
    '| files edited by hand            | all of the above                 | 3: the French, Arabic and Swahili words    |',
    GUIDE_END,
  ].join('\n');
}

/** Markdown as prettier may lay it out: spaces, table padding and rules ignored. */
export const layoutFree = (text: string) =>
  text
    .replace(/-{3,}/g, '---')
    .replace(/[ \t]*\|[ \t]*/g, '|')
    .replace(/\s+/g, ' ');

/** The guide with its listing made anew from the example's plan. */
export function guideWithListing(guide: string, plan: Plan): string {
  const start = guide.indexOf(GUIDE_START);
  const end = guide.indexOf(GUIDE_END);
  if (start < 0 || end < 0) throw new Error(`${GUIDE} has lost its listing markers`);
  return `${guide.slice(0, start)}${guideListing(plan)}${guide.slice(end + GUIDE_END.length)}`;
}

function main(args: string[]): void {
  if (args.includes('--guide')) {
    writeFileSync(GUIDE, guideWithListing(readFileSync(GUIDE, 'utf8'), planEntity('.', GUIDE_EXAMPLE)));
    spawnSync('pnpm', ['exec', 'prettier', '--write', GUIDE], { stdio: 'inherit' });
    return;
  }
  const dryRun = args.includes('--dry-run');
  const plan = planEntity(
    '.',
    args.filter((arg) => arg !== '--dry-run'),
  );
  const spec = parseEntity(args.filter((arg) => arg !== '--dry-run'));
  const added = plan.files.map((file) => `  ${file.to}`).join('\n');
  const touched = [...new Set(plan.entries.map((entry) => entry.file))].map((file) => `  ${file}`).join('\n');
  if (!dryRun) writePlan('.', plan);
  console.info(
    [
      `${dryRun ? 'Would add' : 'Added'} ${plan.files.length} files:`,
      added,
      `and an entry in ${new Set(plan.entries.map((entry) => entry.file)).size} files:`,
      touched,
      `Then: pnpm db:generate --name ${spec.names.singular.snake} && pnpm build && pnpm format && pnpm lint`,
      `(pnpm lint lists the French, Arabic and Swahili words of public/locales/*/${spec.names.singular.kebab}.json still in English).`,
    ].join('\n'),
  );
}

// Run as a script, not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`scaffold:entity: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

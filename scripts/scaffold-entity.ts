/**
 * `pnpm scaffold:entity <noun> <nouns> [--dry-run]` (kebab-case, e.g. `project projects` or `price-list
 * price-lists`): a second entity like repositories, copied from the live repository slice, so it never
 * drifts from the repository feature (docs/adding-an-entity.md).
 *
 * Guarantees: it only adds files, and adds none when any of them exists already; in every copied path and
 * text, "repository"/"repositories" becomes the new noun spelled for where it stands (PascalCase or
 * camelCase in identifiers, UPPER_SNAKE in constants, kebab-case in paths, routes, DOM ids, namespaces and
 * audit actions, snake_case in SQL names, words in comments and English text); what it prints last is every
 * existing file to change by hand. The fields (name, link, description) stay the repository's, and the
 * fr/ar/sw files keep their words, until you edit them.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { appConfig } from '../app.config.ts';

/** The repository slice: table, feature (tests included), both areas' routes, e2e journey; words below. */
const SLICE = [
  'src/server/db/schema/repository.ts',
  'src/features/repository',
  'src/routes/app/repositories',
  'src/routes/manager/repositories',
  'e2e/manager-repositories.spec.ts',
];
const LOCALES = 'public/locales';
const WORD = /repositor(?:y|ies)/gi;
const NOUN = /^[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*$/;

type Forms = { camel: string; pascal: string; kebab: string; snake: string; prose: string };
type Names = { singular: Forms; plural: Forms };
type PlannedFile = { from: string; to: string; content: string };
type Kind = 'code' | 'comment' | 'string';
type Style = 'identifier' | 'kebab' | 'snake' | 'prose';

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function forms(noun: string): Forms {
  const words = noun.split('-');
  const pascal = words.map(capitalize).join('');
  const camel = pascal.charAt(0).toLowerCase() + pascal.slice(1);
  return { camel, pascal, kebab: noun, snake: words.join('_'), prose: words.join(' ') };
}

/** The spellings of `noun` and `nouns` (kebab-case); throws on names that cannot be used. */
export function names(noun: string, nouns: string): Names {
  if (!NOUN.test(noun) || !NOUN.test(nouns))
    throw new Error('usage: <noun> <nouns>, e.g. price-list price-lists');
  if (noun === nouns) throw new Error('the singular and the plural must differ');
  if (/repositor/.test(noun + nouns)) throw new Error('the repository entity exists already');
  return { singular: forms(noun), plural: forms(nouns) };
}

/** True when a `/` at `at` opens a regular expression rather than dividing. */
function startsRegex(source: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && /\s/.test(source.charAt(i))) i--;
  return i < 0 || '(,=:[!&|?{};'.includes(source.charAt(i)) || source.startsWith('return', i - 5);
}

/** The index after the regular expression literal starting at `start`, flags included. */
function regexEnd(source: string, start: number): number {
  let inClass = false;
  for (let i = start + 1; i < source.length && source[i] !== '\n'; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[' || c === ']') inClass = c === '[';
    else if (c === '/' && !inClass) return i + 1 + (/^[a-z]*/.exec(source.slice(i + 1))?.[0].length ?? 0);
  }
  return start + 1;
}

/** Cuts a TS, TSX or JSON source into code, comments and string literals (template text included). */
function segments(source: string): { kind: Kind; text: string }[] {
  const out: { kind: Kind; text: string }[] = [];
  const templates: number[] = []; // the brace depth at each open `${`
  let kind = 'code' as Kind; // assigned in `cut` too, so not narrowed to 'code'
  let start = 0;
  let depth = 0;
  let quote = '';
  const cut = (at: number, next: Kind, nextQuote = quote) => {
    if (at > start) out.push({ kind, text: source.slice(start, at) });
    kind = next;
    start = at;
    quote = nextQuote;
  };
  for (let i = 0; i < source.length;) {
    const c = source.charAt(i);
    const pair = source.slice(i, i + 2);
    if (kind === 'string') {
      if (c === '\\') i += 2;
      else if (c === quote) cut(++i, 'code');
      else if (quote === '`' && pair === '${') {
        templates.push(depth);
        cut((i += 2), 'code');
      } else i++;
    } else if (pair === '//' || pair === '/*') {
      const close = pair === '//' ? '\n' : '*/';
      cut(i, 'comment');
      i = source.includes(close, i + 2) ? source.indexOf(close, i + 2) + close.length : source.length;
      cut(i, 'code');
    } else if (`'"\``.includes(c)) cut(i++, 'string', c);
    else if (c === '/' && startsRegex(source, i)) i = regexEnd(source, i);
    else if (c === '}' && templates.at(-1) === depth) {
      templates.pop();
      cut(i++, 'string', '`');
    } else {
      depth += c === '{' ? 1 : c === '}' ? -1 : 0;
      i++;
    }
  }
  cut(source.length, 'code');
  return out;
}

/**
 * How an occurrence is spelled, from its neighbours and where it stands: `_` next to it is SQL
 * (`repository_name_unique`), `/` or `-` a path, route or DOM id, a letter an identifier. Alone, code is an
 * identifier, a comment prose (a namespace in backquotes), a string prose when it has a space or a capital,
 * else a namespace, key or audit action; the table's strings are SQL.
 */
function styleOf(text: string, start: number, end: number, kind: Kind, path: string): Style {
  const around = (text[start - 1] ?? ' ') + (text[end] ?? ' ');
  if (around.includes('_')) return 'snake';
  if (/[/-]/.test(around)) return 'kebab';
  if (/[\w$]/.test(around) || kind === 'code') return 'identifier';
  if (kind === 'comment') return around.includes('`') ? 'kebab' : 'prose';
  if (path.startsWith('src/server/db/schema/')) return 'snake';
  return /\s/.test(text) || text.charAt(start) === 'R' ? 'prose' : 'kebab';
}

function spell(match: string, style: Style, all: Names): string {
  const form = /ies$/i.test(match) ? all.plural : all.singular;
  const upper = match === match.toUpperCase();
  const capital = match.startsWith('R');
  if (style === 'snake' || (style === 'identifier' && upper))
    return upper ? form.snake.toUpperCase() : form.snake;
  if (style === 'kebab') return form.kebab;
  if (style === 'prose') return capital ? capitalize(form.prose) : form.prose;
  return capital ? form.pascal : form.camel;
}

/** `source` (the file that will be at `path`) with every repository/repositories renamed. */
export function renameContent(source: string, path: string, all: Names): string {
  return segments(source)
    .map(({ kind, text }) =>
      text.replace(WORD, (match: string, at: number) =>
        spell(match, styleOf(text, at, at + match.length, kind, path), all),
      ),
    )
    .join('');
}

function filesUnder(root: string, path: string): string[] {
  if (!statSync(join(root, path)).isDirectory()) return [path];
  return readdirSync(join(root, path)).flatMap((entry) => filesUnder(root, `${path}/${entry}`));
}

/** The files the new entity gets, read from the repository slice under `root`. Writes nothing. */
export function planEntity(root: string, noun: string, nouns: string): PlannedFile[] {
  const all = names(noun, nouns);
  const locales = readdirSync(join(root, LOCALES)).map((lng) => `${LOCALES}/${lng}/repository.json`);
  return [...SLICE, ...locales]
    .flatMap((path) => filesUnder(root, path))
    .map((from) => {
      const to = from.replace(WORD, (match) => spell(match, 'kebab', all));
      return { from, to, content: renameContent(readFileSync(join(root, from), 'utf8'), to, all) };
    });
}

/** Writes the plan under `root`; refuses, writing nothing, when any of its files exists already. */
export function writePlan(root: string, plan: PlannedFile[]): void {
  const taken = plan.filter((file) => existsSync(join(root, file.to))).map((file) => file.to);
  if (taken.length > 0) throw new Error(`refusing to overwrite:\n  ${taken.join('\n  ')}`);
  for (const { to, content } of plan) {
    mkdirSync(dirname(join(root, to)), { recursive: true });
    writeFileSync(join(root, to), content, { flag: 'wx' });
  }
}

/** The existing files to change by hand, each with what it gets, in the guide's order. */
export function touchList(plan: PlannedFile[], noun: string, nouns: string): string[] {
  const { camel } = names(noun, nouns).singular;
  const limits = Object.keys(appConfig.limits).filter((key) => key.startsWith('repository'));
  const functions = plan.find((file) => file.to === `src/features/${noun}/functions.ts`)?.content ?? '';
  // Each function's guard, looked for before the next function starts: an organization's (app area) or
  // the platform's (manager area).
  const rules = functions.matchAll(
    /export const (\$\w+) = createServerFn\(\{ method: '(GET|POST)' \}\)(?:(?!export const)[\s\S])*?require(Organization|Permission)\((.*?)\)\]/g,
  );
  const ruleOf = (guard: string | undefined, request: string | undefined) =>
    guard === 'Organization' ? (request ? `{ organization: ${request} }` : "'organization-member'") : request;
  return [
    `src/server/db/schema/index.ts: export * from './${noun}.ts';`,
    `app.config.ts: '${noun}' in i18n.namespaces; in limits, those your fields use (${limits.join(', ').replaceAll('repository', camel)})`,
    `src/routes/app/route.tsx: { to: '/app/${nouns}', label: t('${noun}:nav'), icon: … } in items`,
    `src/routes/manager/route.tsx: { to: '/manager/${nouns}', label: t('${noun}:nav'), icon: … } in a group`,
    `src/features/auth/permissions.ts: ${camel}: ['read', 'create', 'update', 'delete'] in statements and grants.admin; ${camel}: ['create', 'update', 'delete'] in organizationStatements and organizationGrants.owner and .admin`,
    `src/features/audit/schema.ts: '${noun}.create' | '${noun}.update' | '${noun}.delete' | '${noun}.export' in AuditAction, '${noun}' in AuditTargetType`,
    `src/server/db/seed/data.ts and seed.ts: sample ${names(noun, nouns).plural.prose}, inserted by seedDatabase (same return value)`,
    // Each function's row of the policy table (ADR 032): who may call it, and the rules a read or a change
    // is under; decide each again for what yours does.
    ...[...rules].map(
      ([, fn, method, guard, request]) =>
        `src/server/policy/server-functions.ts: 'src/features/${noun}/functions.ts#${fn}': { access: ${ruleOf(guard, request)}, ...${method === 'GET' ? 'READ' : 'CHANGE'} },`,
    ),
  ];
}

function main(args: string[]): void {
  const [noun = '', nouns = ''] = args.filter((arg) => !arg.startsWith('--'));
  const dryRun = args.includes('--dry-run');
  const plan = planEntity('.', noun, nouns);
  if (dryRun) console.info(plan.map((file) => `${file.from} → ${file.to}`).join('\n'));
  else writePlan('.', plan);
  const then = `pnpm db:generate --name ${names(noun, nouns).singular.snake}, pnpm build, pnpm format, pnpm lint`;
  const touches = touchList(plan, noun, nouns).join('\n- ');
  console.info(
    `${dryRun ? 'Would add' : 'Added'} ${plan.length} files. Edit their fields; touch:\n- ${touches}\nThen ${then}.`,
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

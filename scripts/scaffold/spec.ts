// What `pnpm scaffold:entity` is told: the entity's names and its fields (docs/adding-an-entity.md).

export type Forms = { camel: string; pascal: string; kebab: string; snake: string; prose: string };
export type Names = { singular: Forms; plural: Forms };

export const FIELD_KINDS = [
  'string',
  'text',
  'integer',
  'decimal',
  'boolean',
  'enum',
  'date',
  'datetime',
  'ref',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export type Field = {
  /** camelCase in code, as typed. */
  name: string;
  /** snake_case: the column. */
  column: string;
  /** Capitalised words: the English label. */
  label: string;
  /** PascalCase: constants and types (`ProjectStatus`). */
  pascal: string;
  kind: FieldKind;
  optional: boolean;
  unique: boolean;
  search: boolean;
  /** enum: the values, in order. */
  values: string[];
  /** enum: the default value (the first when not given). */
  defaultValue: string | undefined;
  /** ref: the entity referred to (`repository`), and the field that names its rows (`name`). */
  target: Names | undefined;
  targetTitle: string | undefined;
};

export type EntitySpec = { names: Names; fields: Field[]; title: Field; searched: Field };

const NOUN = /^[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*$/;
const FIELD_NAME = /^[a-z][a-zA-Z0-9]*$/;
const ENUM_VALUE = /^[a-z][a-z0-9-]*$/;
/** Names the table, the feature and every entity already use for something else. */
const RESERVED = new Set([
  'id',
  'organizationId',
  'organization',
  'createdAt',
  'updatedAt',
  'cursor',
  'limit',
  'sort',
  'order',
  'searchTerm',
  'selection',
  'values',
]);

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function forms(noun: string): Forms {
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

/** The English plural of a kebab-case noun: repository → repositories, class → classes, project → projects. */
export function pluralOf(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return /(?:s|x|z|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`;
}

const words = (camel: string) => camel.replace(/([A-Z])/g, ' $1').toLowerCase();

/**
 * One field: `name:kind[?][=default][:flag…]`. Kinds: string, text, integer, decimal, boolean,
 * enum(a,b,c), date, datetime, ref(<noun>) or ref(<noun>.<its title field>) (another entity of the organization).
 * `?` makes it optional; flags: `unique` (a string: one per organization), `search` (a string or text:
 * what the list's search box matches).
 */
export function parseField(text: string): Field {
  const match = /^([a-zA-Z0-9]+):(\w+)(?:\(([^)]*)\))?(\?)?(?:=([^:]+))?((?::\w+)*)$/.exec(text);
  if (!match) throw new Error(`cannot read the field "${text}": name:kind[?][=default][:unique][:search]`);
  const [, name = '', kindText = '', args = '', optional, defaultValue, flagText = ''] = match;
  if (!FIELD_NAME.test(name)) throw new Error(`the field name "${name}" must be camelCase`);
  if (RESERVED.has(name)) throw new Error(`the field name "${name}" is taken by every entity`);
  const kind = FIELD_KINDS.find((k) => k === kindText);
  if (!kind) throw new Error(`"${kindText}" is not a field kind: ${FIELD_KINDS.join(', ')}`);
  const flags = flagText.split(':').filter(Boolean);
  for (const flag of flags) {
    if (flag !== 'unique' && flag !== 'search') throw new Error(`"${flag}" is not a flag: unique, search`);
  }
  const values = kind === 'enum' ? args.split(',').map((v) => v.trim()) : [];
  if (kind === 'enum' && (values.length < 2 || !values.every((v) => ENUM_VALUE.test(v)))) {
    throw new Error(`${name}: an enum needs two or more lowercase values, e.g. enum(planned,active,done)`);
  }
  if (defaultValue !== undefined && (kind !== 'enum' || !values.includes(defaultValue))) {
    throw new Error(`${name}: a default is one of the enum's values`);
  }
  if (kind === 'enum' && optional) throw new Error(`${name}: an enum always has a value (give a default)`);
  if (kind === 'boolean' && optional) throw new Error(`${name}: a boolean is never blank`);
  if (flags.includes('unique') && (kind !== 'string' || optional)) {
    throw new Error(`${name}: only a required string can be unique`);
  }
  if (flags.includes('search') && kind !== 'string' && kind !== 'text') {
    throw new Error(`${name}: only a string or a text can be searched`);
  }
  const [targetNoun = '', targetTitle = 'name'] = args.trim().split('.');
  if (kind === 'ref' && (!NOUN.test(targetNoun) || !FIELD_NAME.test(targetTitle))) {
    throw new Error(`${name}: ref(<noun>) or ref(<noun>.<its title field>), e.g. ref(repository.name)`);
  }
  return {
    name,
    column: name.replace(/([A-Z])/g, '_$1').toLowerCase(),
    label: capitalize(words(name)),
    pascal: capitalize(name),
    kind,
    optional: Boolean(optional),
    unique: flags.includes('unique'),
    search: flags.includes('search'),
    values,
    defaultValue: kind === 'enum' ? (defaultValue ?? values[0]) : undefined,
    target: kind === 'ref' ? { singular: forms(targetNoun), plural: forms(pluralOf(targetNoun)) } : undefined,
    targetTitle: kind === 'ref' ? targetTitle : undefined,
  };
}

/**
 * The whole entity. The first field is its title (what names a row in lists, dialogs, the audit log and the
 * tab): a required string. The searched field is the one flagged `search`, else the title.
 */
export function parseEntity(args: string[]): EntitySpec {
  const [noun = '', nouns = '', ...fieldTexts] = args;
  const all = names(noun, nouns);
  if (fieldTexts.length === 0)
    throw new Error('give the fields, e.g. name:string:unique:search status:enum(a,b)=a');
  const fields = fieldTexts.map(parseField);
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field.name)) throw new Error(`the field "${field.name}" is given twice`);
    seen.add(field.name);
  }
  const title = fields[0];
  if (!title || title.kind !== 'string' || title.optional) {
    throw new Error('the first field is the title: a required string, e.g. name:string:unique:search');
  }
  const searchedFields = fields.filter((field) => field.search);
  if (searchedFields.length > 1) throw new Error('one field can be searched');
  return { names: all, fields, title, searched: searchedFields[0] ?? title };
}

/**
 * An entity with one field of every kind, its title not called `name` (so the renaming of the copied files
 * is exercised too): what scaffold-check.ts generates and checks.
 */
export const EVERY_KIND = [
  'ticket',
  'tickets',
  'title:string:unique',
  'code:string?',
  'summary:text?:search',
  'estimate:integer?',
  'budget:decimal',
  'billable:boolean',
  'state:enum(open,in-review,closed)=open',
  'due:date?',
  'startsAt:datetime',
  'repository:ref(repository)?',
];

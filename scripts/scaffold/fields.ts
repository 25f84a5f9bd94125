// Per field kind, the pieces each generated file needs (./templates.ts puts them in place).
import type { EntitySpec, Field } from './spec.ts';

/** The names `appConfig.limits` gets for a field (`projectNameMax`), the values they start at. */
export function limitsOf(spec: EntitySpec, field: Field): Array<[string, number]> {
  const base = `${spec.names.singular.camel}${field.pascal}`;
  if (field.kind === 'string') return [[`${base}Max`, field === spec.title ? 100 : 200]];
  if (field.kind === 'text') return [[`${base}Max`, 2000]];
  if (field.kind === 'integer')
    return [
      [`${base}Min`, 0],
      [`${base}Max`, 1_000_000],
    ];
  if (field.kind === 'decimal') return [[`${base}Max`, 1_000_000_000]];
  return [];
}

/** `projectStatuses`: the enum's one list of values (search.ts), read by the column, schema, form and filter. */
export const valuesName = (spec: EntitySpec, field: Field) =>
  `${spec.names.singular.camel}${field.pascal}${field.pascal.endsWith('s') ? 'es' : 's'}`;
export const valueType = (spec: EntitySpec, field: Field) => `${spec.names.singular.pascal}${field.pascal}`;

/** What a field holds in the list and detail types. */
export function tsType(spec: EntitySpec, field: Field): string {
  const base: Record<Field['kind'], string> = {
    string: 'string',
    text: 'string',
    integer: 'number',
    decimal: 'string',
    boolean: 'boolean',
    enum: valueType(spec, field),
    date: 'string',
    datetime: 'string',
    ref: '{ id: string; label: string }',
  };
  return field.optional ? `${base[field.kind]} | null` : base[field.kind];
}

/** The drizzle column. */
export function columnOf(spec: EntitySpec, field: Field): string {
  const notNull = field.optional ? '' : '.notNull()';
  const { column } = field;
  switch (field.kind) {
    case 'string':
    case 'text':
      return `text('${column}')${notNull}`;
    case 'integer':
      return `integer('${column}')${notNull}`;
    case 'decimal':
      return `numeric('${column}', { precision: 12, scale: 2 })${notNull}`;
    case 'boolean':
      return `boolean('${column}').notNull().default(false)`;
    case 'enum':
      return `text('${column}', { enum: ${valuesName(spec, field)} }).notNull().default('${field.defaultValue}')`;
    case 'date':
      return `date('${column}', { mode: 'string' })${notNull}`;
    case 'datetime':
      return `tstz('${column}')${notNull}`;
    case 'ref': {
      const target = field.target?.singular.camel ?? '';
      // An optional link is cleared when its row goes; a required one goes with it.
      const onDelete = field.optional ? 'set null' : 'cascade';
      return `uuid('${column}')${notNull}.references(() => ${target}.id, { onDelete: '${onDelete}' })`;
    }
  }
}

/** The zod rule of the form (src/lib/fields.ts). */
export function zodOf(spec: EntitySpec, field: Field): string {
  const limit = (suffix: string) => `${spec.names.singular.camel}${field.pascal}${suffix}`;
  const optional = field.optional ? ', optional: true' : '';
  const f = `field: '${field.name}'`;
  switch (field.kind) {
    case 'string':
      return `zShortText({ ${f}, max: ${limit('Max')}${optional} })`;
    case 'text':
      return `zLongText({ ${f}, max: ${limit('Max')}${optional} })`;
    case 'integer':
      return `zWholeNumber({ ${f}, min: ${limit('Min')}, max: ${limit('Max')}${optional} })`;
    case 'decimal':
      return `zDecimalText({ ${f}, scale: 2, max: ${limit('Max')}${optional} })`;
    case 'boolean':
      return 'z.boolean()';
    case 'enum':
      return `zChoice({ ${f}, values: ${valuesName(spec, field)} })`;
    case 'date':
      return `zDay({ ${f}${optional} })`;
    case 'datetime':
      return `zMoment({ ${f}${optional} })`;
    case 'ref':
      return `zReference({ ${f}${optional} })`;
  }
}

/** What the empty form holds. */
export function emptyOf(field: Field): string {
  if (field.kind === 'boolean') return 'false';
  if (field.kind === 'enum') return `'${field.defaultValue}'`;
  if (field.kind === 'date') return 'undefined';
  return "''";
}

/** What the edit form starts from, read from the stored detail (`project`). */
export function formValueOf(field: Field, row: string): string {
  const value = `${row}.${field.name}`;
  switch (field.kind) {
    case 'boolean':
    case 'enum':
      return value;
    case 'date':
      return `dayToDate(${value})`;
    case 'datetime':
      return `momentToLocalInput(${value})`;
    case 'ref':
      return field.optional ? `${value}?.id ?? ''` : `${value}.id`;
    case 'integer':
      return field.optional ? `${value} === null ? '' : String(${value})` : `String(${value})`;
    default:
      return field.optional ? `${value} ?? ''` : value;
  }
}

/** Fields a list can be narrowed by: an enum's value, a boolean, a range of days. */
export const isFilter = (field: Field) =>
  field.kind === 'enum' || field.kind === 'boolean' || field.kind === 'date' || field.kind === 'datetime';

/** The URL params of a field's filter: `status`, `archived`, `dueFrom` and `dueTo`. */
export function filterParams(field: Field): string[] {
  if (field.kind === 'date' || field.kind === 'datetime') return [`${field.name}From`, `${field.name}To`];
  return isFilter(field) ? [field.name] : [];
}

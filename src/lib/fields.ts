import { z } from 'zod';
import { dateToDay, isIsoDate } from './days';
import { cleanMultiline, cleanName } from './text';

// One zod rule per kind of field an entity can have (docs/adding-an-entity.md), so a generated schema says
// each field in one line. The repository uses two; the rest are for generated entities (`@public`: knip
// does not count them unused), which scripts/scaffold-check.ts builds and tests on every run. Messages are keys of the entity's namespace: `form.<field>.<problem>`. Every rule
// accepts what it outputs, so the browser's checked values pass the server function's same check again.

type Rule<O extends boolean> = { field: string; optional?: O };
/** What a rule outputs: its value, or null too when the field is optional. */
type Out<T, O extends boolean> = O extends true ? T | null : T;

/** Blank (or absent) is stored as null. */
const orNull = <T>(value: T | '' | null | undefined): T | null =>
  value === '' || value === undefined ? null : value;

/** A text cleaned by `clean` before its limit applies; blank is "required", or null when optional. */
function zText<O extends boolean>(
  clean: (text: string) => string,
  { field, max, optional }: Rule<O> & { max: number },
) {
  const text = z
    .string()
    .overwrite(clean)
    .max(max, { error: `form.${field}.max`, abort: true });
  const rule = optional
    ? text.nullish().transform(orNull<string>)
    : text.min(1, { error: `form.${field}.required`, abort: true });
  return rule as unknown as z.ZodType<Out<string, O>, string | null | undefined>;
}

/** A one-line text, cleaned like a name (src/lib/text.ts) before the limits apply. */
export function zShortText<const O extends boolean = false>(rule: Rule<O> & { max: number }) {
  return zText(cleanName, rule);
}

/** A text of several lines (line breaks kept). */
export function zLongText<const O extends boolean = false>(rule: Rule<O> & { max: number }) {
  return zText(cleanMultiline, rule);
}

type NumberInput = string | number | null | undefined;

/** A number input's text (or the number itself when the server checks it again), trimmed; '' for none. */
const numberText = (value: NumberInput) =>
  value === null || value === undefined ? '' : String(value).trim();

/**
 * A whole number between `min` and `max`.
 * @public
 */
export function zWholeNumber<const O extends boolean = false>({
  field,
  min,
  max,
  optional,
}: Rule<O> & { min: number; max: number }) {
  const rule = z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value, ctx) => {
      const text = numberText(value);
      const problem = (key: string) => {
        ctx.addIssue({ code: 'custom', message: `form.${field}.${key}` });
        return z.NEVER;
      };
      if (text === '') return optional ? null : problem('required');
      if (!/^-?\d{1,15}$/.test(text)) return problem('invalid');
      const n = Number(text);
      if (n < min) return problem('min');
      if (n > max) return problem('max');
      return n;
    });
  return rule as unknown as z.ZodType<Out<number, O>, NumberInput>;
}

/**
 * A decimal number with at most `scale` digits after the point, kept as text (Postgres `numeric` travels
 * as a string, so no binary fraction ever rounds it): "12.5" is stored as "12.50".
 * @public
 */
export function zDecimalText<const O extends boolean = false>({
  field,
  scale,
  max,
  optional,
}: Rule<O> & { scale: number; max: number }) {
  const shape = new RegExp(`^-?\\d{1,15}(?:[.,]\\d{1,${scale}})?$`);
  const rule = z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value, ctx) => {
      const text = numberText(value);
      const problem = (key: string) => {
        ctx.addIssue({ code: 'custom', message: `form.${field}.${key}` });
        return z.NEVER;
      };
      if (text === '') return optional ? null : problem('required');
      if (!shape.test(text)) return problem('invalid');
      const n = Number(text.replace(',', '.'));
      if (Math.abs(n) > max) return problem('max');
      return n.toFixed(scale);
    });
  return rule as unknown as z.ZodType<Out<string, O>, NumberInput>;
}

/**
 * One of `values`; the form's select starts on the default.
 * @public
 */
export function zChoice<const T extends readonly [string, ...string[]]>({
  field,
  values,
}: {
  field: string;
  values: T;
}) {
  return z.enum(values, { error: `form.${field}.required` });
}

/**
 * A calendar day (`YYYY-MM-DD`), from the date picker (a local-midnight Date) or as text.
 * @public
 */
export function zDay<const O extends boolean = false>({ field, optional }: Rule<O>) {
  const rule = z
    .union([z.date(), z.string()])
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') {
        if (optional) return null;
        ctx.addIssue({ code: 'custom', message: `form.${field}.required` });
        return z.NEVER;
      }
      const day = value instanceof Date ? dateToDay(value) : value;
      if (isIsoDate(day)) return day;
      ctx.addIssue({ code: 'custom', message: `form.${field}.invalid` });
      return z.NEVER;
    });
  return rule as unknown as z.ZodType<Out<string, O>, Date | string | null | undefined>;
}

/**
 * A moment, from a `datetime-local` input (read in the browser's time zone) or as ISO 8601; it travels and
 * is stored as ISO 8601 in UTC.
 * @public
 */
export function zMoment<const O extends boolean = false>({ field, optional }: Rule<O>) {
  const rule = z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (!value) {
        if (optional) return null;
        ctx.addIssue({ code: 'custom', message: `form.${field}.required` });
        return z.NEVER;
      }
      const moment = new Date(value);
      if (value.length <= 40 && !Number.isNaN(moment.getTime())) return moment.toISOString();
      ctx.addIssue({ code: 'custom', message: `form.${field}.invalid` });
      return z.NEVER;
    });
  return rule as unknown as z.ZodType<Out<string, O>, string | null | undefined>;
}

/**
 * An ISO moment as a `datetime-local` input shows it, in the browser's time zone; '' for none.
 * @public
 */
export function momentToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const moment = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
  return `${day}T${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

/**
 * The id of another row of the same organization (the data module checks it there: a 404 otherwise).
 * @public
 */
export function zReference<const O extends boolean = false>({ field, optional }: Rule<O>) {
  const id = z.string().max(64, { error: `form.${field}.invalid`, abort: true });
  const rule = optional
    ? id.nullish().transform(orNull<string>)
    : id.min(1, { error: `form.${field}.required` });
  return rule as unknown as z.ZodType<Out<string, O>, string | null | undefined>;
}

// The UI texts the specs look for, read from the locale files the app renders them from (DESIGN §7): a
// wording change moves the tests with it, a removed key fails them. It resolves keys as the app's
// i18next does (src/lib/i18n/instance.ts keeps i18next's defaults): `ns:key.path`, `common` when no
// namespace is given, `_zero`/`_one`/`_other` chosen by `count`, `{{value}}` unescaped, `{{value, number}}`
// and `datetime(…)` formats, `$t(ns:key)` nesting. A missing key or value throws, naming it.
import { readFileSync } from 'node:fs';
import { appConfig } from '../../app.config.ts';
import { i18nNamespaces } from '../../src/entities.ts';

type Json = { [key: string]: Json | string };
type Values = Record<string, unknown>;

// The app's namespaces (its entities' too), and the server's `email` one (src/server/email), whose texts the
// e-mails carry.
const NAMESPACES: readonly string[] = [...i18nNamespaces, 'email'];
const files = new Map<string, Json>();

function file(lng: string, ns: string): Json {
  if (!NAMESPACES.includes(ns)) throw new Error(`Unknown i18n namespace "${ns}"`);
  const path = `${lng}/${ns}.json`;
  let json = files.get(path);
  if (!json) {
    json = JSON.parse(readFileSync(new URL(`../../public/locales/${path}`, import.meta.url), 'utf8')) as Json;
    files.set(path, json);
  }
  return json;
}

function lookup(lng: string, key: string, suffix = ''): string | undefined {
  const at = key.indexOf(':');
  const [ns, path] = at < 0 ? [appConfig.i18n.defaultNamespace, key] : [key.slice(0, at), key.slice(at + 1)];
  let node: Json | string | undefined = file(lng, ns);
  for (const part of `${path}${suffix}`.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The plural forms i18next tries for `count`, first match wins; every form of the language for a RegExp. */
function pluralForms(lng: string, count: unknown): string[] {
  if (count instanceof RegExp)
    return ['zero', ...new Intl.PluralRules(lng).resolvedOptions().pluralCategories];
  if (typeof count !== 'number') return [];
  return [...(count === 0 ? ['zero'] : []), new Intl.PluralRules(lng).select(count)];
}

/** `name` or `name(option: value; …)`, as i18next's built-in formatters read them. */
function format(value: unknown, spec: string, lng: string): unknown {
  const [, name = '', list = ''] = /^(\w+)(?:\((.*)\))?$/.exec(spec.trim()) ?? [];
  const options: Record<string, string | number | boolean> = {};
  for (const pair of list.split(';').filter((p) => p.trim())) {
    const [option = '', raw = ''] = pair.split(':').map((s) => s.trim());
    options[option] =
      raw === 'true' ? true : raw === 'false' ? false : Number.isNaN(Number(raw)) ? raw : Number(raw);
  }
  if (name.toLowerCase() === 'number') return new Intl.NumberFormat(lng, options).format(value as number);
  if (name.toLowerCase() === 'datetime') return new Intl.DateTimeFormat(lng, options).format(value as Date);
  throw new Error(`Unsupported i18n format "${spec}"`);
}

// Where a RegExp value goes in a pattern: private-use characters no locale file contains.
const SLOT = /\uE000(\d+)\uE001/g;

/** `key`'s text in `forms`; RegExp values become numbered slots in `slots` (for `enPattern`). */
function render(lng: string, key: string, values: Values, forms: string[], slots?: RegExp[]): string {
  let template: string | undefined;
  for (const form of forms) template ??= lookup(lng, key, `_${form}`);
  template ??= lookup(lng, key);
  if (template === undefined) throw new Error(`No ${lng} text for "${key}" in public/locales/${lng}`);
  const interpolated = template.replace(/{{(.+?)}}/g, (_, inside: string) => {
    const [name = '', ...formats] = inside.replace(/^-/, '').split(',');
    const value = name
      .trim()
      .split('.')
      .reduce<unknown>((v, part) => (v as Values | undefined)?.[part], values);
    if (value === undefined) throw new Error(`"${key}" needs a value for {{${name.trim()}}}`);
    if (value instanceof RegExp) {
      if (!slots) throw new Error(`A RegExp for {{${name.trim()}}} needs textPattern, not text`);
      return `\uE000${slots.push(value) - 1}\uE001`;
    }
    return String(formats.reduce<unknown>((v, spec) => format(v, spec, lng), value));
  });
  return interpolated.replace(/\$t\((.+?)\)/g, (_, inside: string) => {
    const [nested = '', json] = inside.split(/,\s*(?={)/);
    const nestedValues: Values = { ...values, ...(json ? (JSON.parse(json) as Values) : {}) };
    const nestedForms = nestedValues.count === values.count ? forms : pluralForms(lng, nestedValues.count);
    return render(lng, nested.trim(), nestedValues, nestedForms, slots);
  });
}

/** `key`'s text in `lng` (`ns:key`, or a key of `common`). */
export function text(lng: string, key: string, values: Values = {}): string {
  return render(lng, key, values, pluralForms(lng, values.count));
}

/** `key`'s English text: `en('auth:login.submit')`, `en('home.greeting', { name })`. */
export function en(key: string, values: Values = {}): string {
  return text('en', key, values);
}

/** The text a Trans component shows: its `<tag>…</tag>` markers are elements, not text. */
export function plain(translated: string): string {
  return translated.replace(/<\/?[\w-]+\s*\/?>/g, '');
}

export function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A RegExp source matching `key`'s text in `lng` as shown (Trans tags stripped): literal text escaped,
 * each RegExp value in its place (`{ count: /\d+/ }` matches every plural form). No anchors: add them.
 */
export function textPattern(lng: string, key: string, values: Values = {}): string {
  const forms = pluralForms(lng, values.count);
  const alternatives = values.count instanceof RegExp ? forms.filter((f) => lookup(lng, key, `_${f}`)) : [];
  const sources = new Set<string>();
  for (const form of alternatives.length > 0 ? alternatives.map((f) => [f]) : [forms]) {
    const slots: RegExp[] = [];
    const shown = plain(render(lng, key, values, form, slots));
    sources.add(escapeRegExp(shown).replace(SLOT, (_, i: string) => `(?:${slots[Number(i)]?.source})`));
  }
  return sources.size === 1 ? [...sources].join('') : `(?:${[...sources].join('|')})`;
}

/** `textPattern` in English: `new RegExp(`^${enPattern('auth:verify.resendIn', { count: /\d+/ })}$`)`. */
export function enPattern(key: string, values: Values = {}): string {
  return textPattern('en', key, values);
}

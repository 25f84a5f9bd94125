// Fails when a translation file has a key that English lacks, or lacks a key that English has, or a text
// breaks its language's one quote and apostrophe style. Lists, without failing, the texts still in English
// (a new entity's words start so): the list to hand to a translator.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = 'public/locales';
const source = 'en';

type Json = { [key: string]: Json | string };

// Plural forms differ by language (Arabic has six, English two), so `key_one`/`key_few`… count as `key`.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function keys(value: Json, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k.replace(PLURAL_SUFFIX, '')}`] : keys(v, `${prefix}${k}.`),
  );
}

function texts(value: Json, prefix = ''): [string, string][] {
  return Object.entries(value).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : texts(v, `${prefix}${k}.`),
  );
}

/**
 * One typographic style per language: English and Swahili keep the spec's straight quotes and
 * apostrophes ('No results for "{term}"', "Let's"); French writes ’ and « » with narrow no-break spaces
 * (also before : ; ? !, so they never start a line); Arabic quotes with « ».
 */
const QUOTE_STYLE: Record<string, { wrong: RegExp; says: string }[]> = {
  en: [{ wrong: /[“”‘’«»]/, says: 'straight quotes and apostrophes' }],
  sw: [{ wrong: /[“”‘’«»]/, says: 'straight quotes and apostrophes' }],
  fr: [
    { wrong: /["“”']/, says: '’ and « »' },
    { wrong: /«(?!\u202f)|(?<!\u202f)»/, says: 'a narrow no-break space inside « »' },
    { wrong: / [:;?!]/, says: 'a narrow no-break space before : ; ? !' },
  ],
  ar: [{ wrong: /["“”]/, says: '« »' }],
};

const read = (lng: string, file: string): Json => JSON.parse(readFileSync(join(root, lng, file), 'utf8'));

const languages = readdirSync(root).filter((l) => l !== source);
const namespaces = readdirSync(join(root, source)).filter((f) => f.endsWith('.json'));
const problems: string[] = [];

for (const lng of languages) {
  const present = new Set(readdirSync(join(root, lng)));
  for (const ns of namespaces) {
    if (!present.has(ns)) {
      problems.push(`${lng}/${ns}: file missing`);
      continue;
    }
    const expected = new Set(keys(read(source, ns)));
    const actual = new Set(keys(read(lng, ns)));
    for (const k of expected) if (!actual.has(k)) problems.push(`${lng}/${ns}: missing "${k}"`);
    for (const k of actual) if (!expected.has(k)) problems.push(`${lng}/${ns}: extra "${k}"`);
  }
  for (const file of present) if (!namespaces.includes(file)) problems.push(`${lng}/${file}: extra file`);
}

for (const lng of [source, ...languages]) {
  for (const ns of namespaces) {
    for (const [key, text] of texts(read(lng, ns))) {
      for (const rule of QUOTE_STYLE[lng] ?? []) {
        if (rule.wrong.test(text)) problems.push(`${lng}/${ns}: "${key}" should use ${rule.says}`);
      }
    }
  }
}

/** A text without its quotes, so a copy in another language's quote style still counts as a copy. */
const bare = (text: string) => text.replace(/["“”«»\u202f]/g, '');

/** What a text says in words: without interpolations (`{{name}}`), nestings (`$t(…)`), addresses, acronyms. */
const words = (text: string) => text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)|\S+@\S+|\b[A-Z]{2,}\b/g, '');

/** Words a language writes as English does, checked once: a copy of these is a translation. */
const SAME_WORDS: Record<string, string[]> = {
  fr: [
    'Action',
    'Actions',
    'Application',
    'Configuration',
    'Description',
    'Invitation',
    'Invitations',
    'Menu',
    'Notifications',
    'Pages',
    'Sessions',
    'Total',
    'Code',
  ],
};

const isCopy = (lng: string, english: string | undefined, text: string) =>
  english !== undefined &&
  bare(english) === bare(text) &&
  /\p{L}/u.test(words(text)) &&
  !(SAME_WORDS[lng] ?? []).includes(text);

const untranslated: string[] = [];
for (const lng of languages) {
  for (const ns of namespaces) {
    if (!readdirSync(join(root, lng)).includes(ns)) continue;
    const english = new Map(texts(read(source, ns)));
    const copies = texts(read(lng, ns))
      .filter(([key, text]) => isCopy(lng, english.get(key), text))
      .map(([key]) => key);
    if (copies.length > 0) untranslated.push(`  ${lng}/${ns} (${copies.length}): ${copies.join(', ')}`);
  }
}
if (untranslated.length > 0) {
  console.info(`Still in English, to translate:\n${untranslated.join('\n')}`);
}

if (problems.length > 0) {
  console.error(`Locale check failed (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.info(`Locales complete: ${languages.length + 1} languages × ${namespaces.length} namespaces.`);

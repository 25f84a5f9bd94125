// Fails when a translation file has a key that English lacks, or lacks a key that English has.
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

if (problems.length > 0) {
  console.error(`Locale check failed (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.info(`Locales complete: ${languages.length + 1} languages × ${namespaces.length} namespaces.`);

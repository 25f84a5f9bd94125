// Renaming the repository's words in a copied file: each "repository"/"repositories" becomes the new noun
// spelled for where it stands (PascalCase or camelCase in identifiers, UPPER_SNAKE in constants, kebab-case in
// paths, routes, DOM ids, namespaces and audit actions, snake_case in SQL names, words in comments and text).
import type { Names } from './spec.ts';

type Kind = 'code' | 'comment' | 'string';
type Style = 'identifier' | 'kebab' | 'snake' | 'prose';

const WORD = /repositor(?:y|ies)/gi;
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

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

export function spell(match: string, style: Style, all: Names): string {
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

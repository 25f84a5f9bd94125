/**
 * Text hygiene for what people type and others see. Names are shown inline (table cells, "Ban {{name}}",
 * toasts, the audit trail), where a right-to-left override in a name reverses the words around it and an
 * invisible character makes two names look alike, or a blank-looking name pass "required". Longer texts
 * (descriptions, ban reasons) render as their own paragraphs, where Unicode ends any embedding at the
 * paragraph's end, so they keep their direction marks and only lose what breaks storage.
 */

/** Direction controls: LRE RLE PDF LRO RLO, LRI RLI FSI PDI, LRM RLM, and the Arabic letter mark. */
const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069\\u200E\\u200F\\u061C';

/**
 * Characters that show nothing and mean nothing in a name: zero-width space, word joiner, invisible
 * math operators, byte order mark, soft hyphen, the Hangul fillers that render as a blank letter,
 * interlinear annotation marks, and tag characters (they can carry a whole hidden text; the price is
 * that the few subdivision flags built from them, like England's, show as a plain black flag).
 */
const INVISIBLE = '\\u200B\\u2060-\\u2064\\uFEFF\\u00AD\\u3164\\uFFA0\\uFFF9-\\uFFFB\\u{E0000}-\\u{E007F}';

/** Line breaks and tabs: in a one-line text they become a space, as if the text had been typed there. */
const BREAKS = /\r\n|[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** The other C0 and C1 controls: no text needs them, and Postgres refuses NUL outright. */
const CONTROLS = /(?![\t\n\v\f\r\u0085])\p{Cc}/gu;

const HIDDEN_IN_NAMES = new RegExp(`[${BIDI_CONTROLS}${INVISIBLE}]`, 'gu');
const HIDDEN_IN_LINKS = new RegExp(`[${BIDI_CONTROLS}${INVISIBLE}\\u200C\\u200D]`, 'gu');

/**
 * A character a joiner may stand next to: anything but ASCII, spaces, controls and format characters.
 * The zero-width non-joiner (U+200C) is part of Persian, Kurdish and Urdu spelling ("می‌خواهم"), and
 * the zero-width joiner (U+200D) of emoji sequences (👩‍💻, 🏳️‍🌈) and of Indic conjuncts: both stay between
 * two such characters. Every script and emoji that uses them lies outside ASCII, so "ad\u200Dmin" still
 * loses its joiner and cannot pose as "admin"; a joiner at either end, or next to another one, goes too.
 */
const JOINABLE = String.raw`[^\p{ASCII}\p{White_Space}\p{Cc}\p{Cf}]`;
const STRAY_JOINER = new RegExp(`(?<!${JOINABLE})[\\u200C\\u200D]|[\\u200C\\u200D](?!${JOINABLE})`, 'gu');

/**
 * A one-line text as it should be stored and shown: composed (NFC, so "é" typed two ways is one name),
 * without direction controls, invisible characters, stray joiners or controls, line breaks turned into
 * spaces, and trimmed. A text made only of such characters comes out empty, so "required" refuses it.
 */
export function cleanName(text: string): string {
  return (
    text
      .replace(BREAKS, ' ')
      .replace(CONTROLS, '')
      .replace(HIDDEN_IN_NAMES, '')
      .replace(STRAY_JOINER, '')
      // Last: a removed character may have stood between a letter and its accent.
      .normalize('NFC')
      .trim()
  );
}

/**
 * A text of several lines (a description, a ban reason): line breaks kept (as `\n`) and tabs kept, other
 * controls removed, trimmed. Direction marks stay: they help mixed-direction paragraphs read right.
 */
export function cleanMultiline(text: string): string {
  return text
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
    .replace(/[\v\f]/g, ' ')
    .replace(CONTROLS, '')
    .normalize('NFC')
    .trim();
}

/**
 * A web link without anything invisible: copied links sometimes carry a zero-width space, and a direction
 * override in the shown link could make "evil.example/moc.elpmaxe" read as another address. A real URL
 * never needs them (a browser percent-encodes such characters), nor controls, nor a line break.
 */
export function cleanLink(text: string): string {
  return text.replace(BREAKS, '').replace(CONTROLS, '').replace(HIDDEN_IN_LINKS, '').trim();
}

/** An identifier or token as typed by nobody: controls removed, so it can be looked up safely (never NUL). */
export function withoutControls(text: string): string {
  return text.replace(BREAKS, '').replace(CONTROLS, '');
}

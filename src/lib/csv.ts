/**
 * CSV text as spreadsheets read it (RFC 4180): cells separated by commas, lines ended by CRLF, the file
 * started by a UTF-8 byte order mark so Excel reads Arabic, accents and emoji as UTF-8 instead of the
 * machine's legacy code page.
 */

/** The UTF-8 byte order mark, first in the file. */
export const CSV_BOM = '\uFEFF';

/** RFC 4180's line ending, which every spreadsheet reads. */
const CSV_LINE_END = '\r\n';

/**
 * A cell value. `null` and `undefined` are an empty cell; a number or boolean is a value the export itself
 * produced and is written as it is; a Date is written as ISO 8601 (UTC).
 */
export type CsvValue = string | number | boolean | Date | null | undefined;

/**
 * The characters that make a spreadsheet read a text cell as a formula (`=`, `+`, `-`, `@`) or that
 * some spreadsheets skip before looking for one (TAB, CR): OWASP's list for CSV injection.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell must be quoted when it holds a quote, a separator (comma, or semicolon for European locales) or a line break. */
const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * One cell as CSV text. A text cell that a spreadsheet would run as a formula (`=HYPERLINK(…)`,
 * `+cmd|…`, `@SUM(…)`, `-2+3`) gets a leading `'`, which spreadsheets show as text and never evaluate;
 * then a cell holding a quote, comma, semicolon, CR or LF is wrapped in quotes with its quotes doubled.
 * Numbers are not neutralised: `-5` stays a number the spreadsheet can add up.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = value instanceof Date ? value.toISOString() : FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, CRLF included. */
export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + CSV_LINE_END;
}

/**
 * Counts the records (lines) of a CSV text read piece by piece, as a download arrives: a line break
 * inside a quoted cell is part of the cell, and a doubled quote inside one toggles twice, so counting the
 * quotes is enough to know where a record ends. Keep one counter per file and feed it every piece in order.
 */
export function csvRecordCounter(): { add: (text: string) => number; readonly records: number } {
  let quoted = false;
  let records = 0;
  return {
    add(text) {
      for (let index = 0; index < text.length; index++) {
        const char = text.charCodeAt(index);
        if (char === 0x22) quoted = !quoted;
        else if (char === 0x0a && !quoted) records++;
      }
      return records;
    },
    get records() {
      return records;
    },
  };
}

import { describe, expect, it } from 'vitest';
import { parseCsv } from '@/test/csv';
import { CSV_BOM, csvCell, csvLine, csvRecordCounter } from './csv';

describe('csvCell', () => {
  it('neutralises a text cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvCell('+cmd|/c calc!A1')).toBe("'+cmd|/c calc!A1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    // A leading CR is neutralised and, being a line break, quoted too.
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
  });

  it('leaves a formula character inside a text alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('alice@example.com')).toBe('alice@example.com');
    expect(csvCell('Jean-Luc')).toBe('Jean-Luc');
  });

  it('writes numbers the export produced as numbers, negative ones included', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('quotes a cell with a quote, a comma or a semicolon and doubles its quotes', () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('"')).toBe('""""');
  });

  it('quotes a cell with a line break and keeps the break', () => {
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('line one\r\nline two')).toBe('"line one\r\nline two"');
  });

  it('keeps Arabic and emoji as they are', () => {
    expect(csvCell('مستودع البيانات')).toBe('مستودع البيانات');
    expect(csvCell('👩‍💻 team 🏳️‍🌈')).toBe('👩‍💻 team 🏳️‍🌈');
    expect(csvCell('سلام، "عالم"')).toBe('"سلام، ""عالم"""');
  });

  it('writes an empty cell for empty, null and undefined', () => {
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('writes a date as ISO 8601 in UTC and booleans as words', () => {
    expect(csvCell(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe('2026-01-02T03:04:05.006Z');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(false)).toBe('false');
  });
});

describe('csvLine', () => {
  it('joins cells with commas and ends the line with CRLF', () => {
    expect(csvLine(['Ada', 'ada@example.com', null, 3, '=1+1'])).toBe("Ada,ada@example.com,,3,'=1+1\r\n");
  });

  it('reads back cell for cell with a plain RFC 4180 parser', () => {
    const cells = ['Smith, Jane', 'say "hi"', 'two\nlines', 'عربي 😀', ''];
    expect(parseCsv(csvLine(cells)).records).toEqual([cells]);
  });

  it('has a byte order mark that encodes as EF BB BF', () => {
    expect([...new TextEncoder().encode(CSV_BOM)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('csvRecordCounter', () => {
  it('counts records, not the line breaks inside quoted cells, across pieces split anywhere', () => {
    const text =
      CSV_BOM +
      csvLine(['Name', 'Note']) +
      csvLine(['Ada', 'two\r\nlines']) +
      csvLine(['say "hi"', '"quoted"\n']) +
      csvLine(['عربي', '😀']);
    for (const size of [1, 2, 3, 7, text.length]) {
      const counter = csvRecordCounter();
      for (let start = 0; start < text.length; start += size) counter.add(text.slice(start, start + size));
      expect(counter.records, `pieces of ${size}`).toBe(4);
    }
  });
});

// Reads a CSV file back as a spreadsheet would (RFC 4180), for tests of the exports.

/** The byte order mark, whether the file starts with it, and its records as arrays of cells. */
export function parseCsv(text: string): { bom: boolean; records: string[][] } {
  const bom = text.startsWith('\uFEFF');
  const body = bom ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      index++;
    } else cell += char;
  }
  if (cell !== '' || record.length > 0) throw new Error('the last record does not end with CRLF');
  return { bom, records };
}

/** A response's CSV file as its bytes say, the byte order mark kept (`Response.text()` drops it). */
export async function readCsv(response: Response): Promise<{ bom: boolean; records: string[][] }> {
  const bytes = await response.arrayBuffer();
  return parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
}

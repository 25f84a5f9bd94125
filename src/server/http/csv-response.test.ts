import { describe, expect, it } from 'vitest';
import { attachmentDisposition, csvResponse, walkKeyset } from './csv-response';

/** A keyset list of `total` numbered rows that records which pages were asked for. */
function fakeList(total: number) {
  const asked: { cursor: string | undefined; limit: number }[] = [];
  const fetchPage = async (page: { cursor: string | undefined; limit: number }) => {
    asked.push(page);
    const start = page.cursor ? Number(page.cursor) : 0;
    const end = Math.min(start + page.limit, total);
    const items = Array.from({ length: end - start }, (_, index) => start + index);
    return { items, nextCursor: end < total ? String(end) : null };
  };
  return { asked, fetchPage };
}

/** Rows of one long cell each, counting how many were made and whether the iteration was ended. */
function countedRows(total: number) {
  const state = { made: 0, finished: false };
  async function* rows() {
    try {
      for (let index = 0; index < total; index++) {
        state.made++;
        yield [index, 'x'.repeat(1000)];
      }
    } finally {
      state.finished = true;
    }
  }
  return { state, rows: rows() };
}

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

describe('walkKeyset', () => {
  it('walks every page in order, batch by batch, until there is no next cursor', async () => {
    const list = fakeList(25);
    const rows: number[] = [];
    for await (const row of walkKeyset(list.fetchPage, 10)) rows.push(row);
    expect(rows).toEqual(Array.from({ length: 25 }, (_, index) => index));
    expect(list.asked).toEqual([
      { cursor: undefined, limit: 10 },
      { cursor: '10', limit: 10 },
      { cursor: '20', limit: 10 },
    ]);
  });

  it('reads no further page once the caller stops', async () => {
    const list = fakeList(100);
    for await (const row of walkKeyset(list.fetchPage, 10)) {
      if (row === 12) break;
    }
    expect(list.asked).toHaveLength(2);
  });
});

describe('csvResponse', () => {
  it('answers a CSV attachment that no cache keeps, starting with the BOM and the header', async () => {
    const response = csvResponse({
      filename: 'users.csv',
      header: ['Name', 'E-mail'],
      rows: (async function* () {
        yield ['=cmd', 'a@example.com'];
      })(),
    });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="users.csv"; filename*=UTF-8''users.csv`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(decode(bytes.slice(3))).toBe("Name,E-mail\r\n'=cmd,a@example.com\r\n");
  });

  it('makes rows only as fast as the client reads them', async () => {
    const { state, rows } = countedRows(10_000);
    const response = csvResponse({ filename: 'big.csv', header: ['n', 'text'], rows });
    const reader = response.body!.getReader();
    // Nothing is made before the first read.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.made).toBe(0);
    const first = await reader.read();
    expect(first.done).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // One chunk of about 64 KB of 1 KB rows, plus the row that was pending: far from all 10,000.
    expect(state.made).toBeGreaterThan(30);
    expect(state.made).toBeLessThan(100);
    let total = first.value!.length;
    for (let next = await reader.read(); !next.done; next = await reader.read()) total += next.value.length;
    expect(state.made).toBe(10_000);
    expect(state.finished).toBe(true);
    expect(total).toBeGreaterThan(10_000 * 1000);
  });

  it('ends the rows when the client cancels', async () => {
    const { state, rows } = countedRows(10_000);
    const reader = csvResponse({ filename: 'big.csv', header: ['n'], rows }).body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(state.finished).toBe(true);
    expect(state.made).toBeLessThan(100);
  });

  it('stops reading pages of the list when the client cancels', async () => {
    const list = fakeList(1_000_000);
    async function* rows() {
      for await (const row of walkKeyset(list.fetchPage, 1000)) yield [row, 'x'.repeat(100)];
    }
    const reader = csvResponse({
      filename: 'big.csv',
      header: ['n', 'text'],
      rows: rows(),
    }).body!.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    const asked = list.asked.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Two chunks of about 64 KB are about 1,300 rows: two pages of a thousand, not a thousand pages.
    expect(asked).toBeLessThanOrEqual(3);
    expect(list.asked).toHaveLength(asked);
  });

  it('ends the rows when the request is aborted', async () => {
    const { state, rows } = countedRows(10_000);
    const controller = new AbortController();
    const reader = csvResponse({
      filename: 'big.csv',
      header: ['n'],
      rows,
      signal: controller.signal,
    }).body!.getReader();
    await reader.read();
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.finished).toBe(true);
    expect(state.made).toBeLessThan(100);
  });

  it('fails the download without the library message when reading the rows fails', async () => {
    const response = csvResponse({
      filename: 'broken.csv',
      header: ['n'],
      rows: (async function* () {
        yield [1];
        throw new Error('connection terminated: secret detail');
      })(),
    });
    await expect(response.text()).rejects.toThrow('EXPORT_FAILED');
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('مستخدمون 2026.csv')).toBe(
      `attachment; filename="________ 2026.csv"; filename*=UTF-8''%D9%85%D8%B3%D8%AA%D8%AE%D8%AF%D9%85%D9%88%D9%86%202026.csv`,
    );
  });

  it('cannot be broken out of by a quote or a backslash', () => {
    expect(attachmentDisposition(`a"b\\c'(1).csv`)).toBe(
      `attachment; filename="a_b_c'(1).csv"; filename*=UTF-8''a%22b%5Cc%27%281%29.csv`,
    );
  });
});

import '@tanstack/react-start/server-only';
import type { z } from 'zod';
import { CSV_BOM, type CsvValue, csvLine } from '@/lib/csv';
import { logger, serializeError } from '@/server/logger';
import { currentRequest } from './request-context';

/**
 * Rows an export reads per query: far more than a page on screen (`appConfig.pagination.maxPageSize`),
 * so a million rows are a thousand keyset queries, and few enough that one batch is a small, fixed amount
 * of memory whatever the list's length.
 */
const EXPORT_BATCH_SIZE = 1000;

/** About this much CSV text is written to the client at a time: fewer, larger writes for a long export. */
const CHUNK_CHARS = 64 * 1024;

/** One page of a keyset list, as the list functions of src/features/*\/data.server.ts return it. */
type KeysetPage<Item> = { items: Item[]; nextCursor: string | null };

/**
 * Every row of a keyset list, in the list's own order, read `batchSize` rows at a time through the list's
 * own page function (so the export has the list's filters, order and tenancy, never a copy of them). Reads
 * the next batch only when the previous one has been consumed; stopping the iteration (`return()`, a
 * `break`) stops the reads.
 */
export async function* walkKeyset<Item>(
  fetchPage: (page: { cursor: string | undefined; limit: number }) => Promise<KeysetPage<Item>>,
  batchSize: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<Item, void, undefined> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage({ cursor, limit: batchSize });
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * The CSV file as UTF-8 chunks of about `CHUNK_CHARS` characters: the byte order mark, the header line,
 * then one line per row.
 */
async function* csvChunks(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]>,
): AsyncGenerator<Uint8Array, void, undefined> {
  const encoder = new TextEncoder();
  let text = CSV_BOM + csvLine(header);
  for await (const row of rows) {
    text += csvLine(row);
    if (text.length >= CHUNK_CHARS) {
      yield encoder.encode(text);
      text = '';
    }
  }
  yield encoder.encode(text);
}

/**
 * `Content-Disposition: attachment` for a file name in any language: an ASCII fallback (`filename`, for old
 * clients; quotes, backslashes and non-ASCII replaced) and the exact name percent-encoded as UTF-8
 * (`filename*`, RFC 5987/6266), which browsers prefer.
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7E]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * A CSV download that streams: nothing is read from `rows` until the client asks for more (the stream is
 * pull-based, and the server writes to the socket only as fast as the client takes it), so memory stays
 * at about one batch and one chunk however many rows there are. When the client goes away (the socket
 * closes, or `signal` aborts) the iteration is ended, so its database reads stop. A failure midway is
 * logged and ends the stream with an error: the browser sees an interrupted download, never a file that
 * looks complete.
 */
export function csvResponse(options: {
  filename: string;
  header: readonly string[];
  rows: AsyncIterable<readonly CsvValue[]>;
  signal?: AbortSignal;
  /** Called once when the stream ends: read to its end, failed, or cancelled. */
  onEnd?: () => void;
}): Response {
  const chunks = csvChunks(options.header, options.rows);
  const requestId = currentRequest()?.id;
  let ended = false;
  const end = () => {
    options.signal?.removeEventListener('abort', stop);
    if (!ended) options.onEnd?.();
    ended = true;
  };
  const stop = () => {
    end();
    void chunks.return().catch(() => undefined);
  };
  options.signal?.addEventListener('abort', stop, { once: true });
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) {
            end();
            controller.close();
          } else controller.enqueue(next.value);
        } catch (error) {
          logger.error({ requestId, source: 'csv-export', err: serializeError(error) }, 'export failed');
          end();
          controller.error(new Error('EXPORT_FAILED'));
        }
      },
      cancel() {
        stop();
      },
    },
    // Nothing is read ahead of the client: the next chunk is made when the last one has gone out.
    { highWaterMark: 0 },
  );
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': attachmentDisposition(options.filename),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** An export's file name: what it holds and the day, e.g. `users-2026-11-27.csv`. */
export function exportFilename(what: string, now: Date = new Date()): string {
  return `${what}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The view an export was asked for, from its URL's query (one value per name, as the list page puts it
 * there), checked by the list's own schema: the view, or the first field the schema refuses.
 */
export function readExportView<View>(
  request: Request,
  schema: z.ZodType<View>,
): { ok: true; value: View } | { ok: false; field: string } {
  const params = new URL(request.url).searchParams;
  const input: Record<string, string> = {};
  for (const name of new Set(params.keys())) input[name] = params.get(name) ?? '';
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const field = parsed.error.issues[0]?.path.join('.');
  return { ok: false, field: field && /^[A-Za-z0-9_.-]+$/.test(field) ? field : 'view' };
}

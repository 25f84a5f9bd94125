// The work behind ExportButton, fetched on the first click (the list pages' first download carries only
// the button): reading the streamed file, counting its rows, saving it, and the words for a refusal.
import type { TFunction } from 'i18next';
import { csvRecordCounter } from '@/lib/csv';
import { translateError } from '@/lib/translate-error';

/** The file name the server gave (`filename*` first, then `filename`), else `fallback`. */
export function downloadName(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Falls through to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * A refusal's `{ status, code, retryAfter }` for translateError, from the JSON a server route answers with
 * and its Retry-After (a limit's wait, in seconds).
 */
async function refusalOf(
  response: Response,
): Promise<{ status: number; code?: unknown; retryAfter?: number }> {
  const wait = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(wait) && wait > 0 ? { retryAfter: wait } : {};
  try {
    const body = (await response.json()) as { code?: unknown } | null;
    return { status: response.status, code: body?.code, ...retryAfter };
  } catch {
    return { status: response.status, ...retryAfter };
  }
}

/** Hands the downloaded bytes to the browser as a file. */
function saveFile(parts: BlobPart[], name: string) {
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by then; a later revoke would only keep the memory longer.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export type DownloadResult = { saved: true; rows: number } | { saved: false; refusal: string | null };

/**
 * Downloads the CSV export at `href` and saves it (under the server's file name, else `fallbackName`),
 * telling `onRows` the rows received so far (the header is not one, nor a line break inside a cell).
 * A refusal (401, 403, 400…) comes back translated (null for the demo's, which its dialog explains);
 * an abort or a broken download throws.
 */
export async function downloadExport(
  href: string,
  options: { signal: AbortSignal; fallbackName: string; t: TFunction; onRows: (rows: number) => void },
): Promise<DownloadResult> {
  const response = await fetch(href, { signal: options.signal, credentials: 'same-origin' });
  if (!response.ok || !response.body) {
    return {
      saved: false,
      refusal: translateError(options.t, await refusalOf(response), ['common:errorCodes']),
    };
  }
  const parts: Uint8Array[] = [];
  const counter = csvRecordCounter();
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const reader = response.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    parts.push(next.value);
    options.onRows(Math.max(0, counter.add(decoder.decode(next.value, { stream: true })) - 1));
  }
  saveFile(
    parts as BlobPart[],
    downloadName(response.headers.get('content-disposition'), options.fallbackName),
  );
  return { saved: true, rows: Math.max(0, counter.records - 1) };
}

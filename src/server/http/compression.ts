import '@tanstack/react-start/server-only';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

/**
 * Pages, server-function answers and API JSON, compressed for a client that accepts it. Static files
 * never get here: the build compresses them once (nitro `compressPublicAssets`). A server-rendered page
 * shrinks several times over, which a visitor on a slow mobile link waits for before anything shows
 * (docs/performance.md#compression).
 *
 * Pages stream (Suspense boundaries, deferred data): every chunk is flushed through the compressor as it
 * comes, so compression never holds back what the server has already rendered.
 */
export function compressResponse(request: Request, response: Response): Response {
  const encoding = chosenEncoding(request, response);
  if (!encoding || !response.body) return response;
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({
          flush: constants.BROTLI_OPERATION_FLUSH,
          // Quality 4: most of brotli's gain at a cost close to gzip's, paid on every request.
          params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
        })
      : createGzip({ flush: constants.Z_SYNC_FLUSH, level: 6 });
  const source = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  source.on('error', (error) => compressor.destroy(error));
  compressor.on('close', () => source.destroy());
  source.pipe(compressor);

  const headers = new Headers(response.headers);
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  headers.append('vary', 'Accept-Encoding');
  // A strong validator names exact bytes; the compressed bytes are other bytes.
  const etag = headers.get('etag');
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
  return new Response(Readable.toWeb(compressor) as ReadableStream<Uint8Array>, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

export type ResponseCompression = (request: Request, response: Response) => Response;

/**
 * `compressResponse`, or with `COMPRESSION=false` the answer as it is: for a proxy in front that
 * compresses itself (docs/performance.md#compression). Static files are precompressed by the build either way.
 */
export function responseCompression(env: { COMPRESSION: 'true' | 'false' }): ResponseCompression {
  return env.COMPRESSION === 'true' ? compressResponse : (_request, response) => response;
}

/** Below this, the compressed answer plus its framing saves next to nothing. */
const MIN_BYTES = 1024;

const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|x-ndjson)|[^;]*\+(json|xml))/i;

function chosenEncoding(request: Request, response: Response): 'br' | 'gzip' | undefined {
  if (request.method === 'HEAD' || !response.body) return undefined;
  if (
    response.status < 200 ||
    response.status === 204 ||
    response.status === 206 ||
    response.status === 304
  ) {
    return undefined;
  }
  const headers = response.headers;
  if (headers.has('content-encoding')) return undefined;
  if (!COMPRESSIBLE.test(headers.get('content-type') ?? '')) return undefined;
  if (/\bno-transform\b/i.test(headers.get('cache-control') ?? '')) return undefined;
  const length = headers.get('content-length');
  if (length !== null && Number(length) < MIN_BYTES) return undefined;
  const accepted = acceptedEncodings(request.headers.get('accept-encoding') ?? '');
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** The encodings an Accept-Encoding header allows (q > 0), with `*` standing for both of ours. */
function acceptedEncodings(header: string): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    (q !== undefined && Number(q) === 0 ? refused : accepted).add(name);
  }
  if (accepted.has('*')) for (const name of ['br', 'gzip']) if (!refused.has(name)) accepted.add(name);
  for (const name of refused) accepted.delete(name);
  return accepted;
}

import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/server/env';
import { compressResponse, responseCompression } from './compression';

const page = `<!DOCTYPE html><html><body>${'<p>Repositories and users</p>'.repeat(200)}</body></html>`;

function request(acceptEncoding?: string, method = 'GET'): Request {
  return new Request('http://127.0.0.1/login', {
    method,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

function html(body: string | ReadableStream<Uint8Array> = page, headers: Record<string, string> = {}) {
  return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });
}

async function bytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe('compressResponse', () => {
  it('gzips a page for a client that accepts gzip, and says so', async () => {
    const response = compressResponse(request('gzip, deflate'), html(page, { 'content-length': '6000' }));
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = await bytes(response);
    expect(body.length).toBeLessThan(page.length / 4);
    expect(gunzipSync(body).toString('utf8')).toBe(page);
  });

  it('prefers brotli when the client accepts it', async () => {
    const response = compressResponse(request('gzip, deflate, br, zstd'), html());
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(response)).toString('utf8')).toBe(page);
  });

  it('keeps the status, the other headers, and makes a strong ETag weak', async () => {
    const original = new Response(JSON.stringify({ items: Array(100).fill('repository') }), {
      status: 404,
      headers: { 'content-type': 'application/json', 'x-request-id': 'abc12345', etag: '"v1"' },
    });
    const response = compressResponse(request('gzip'), original);
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toBe('abc12345');
    expect(response.headers.get('etag')).toBe('W/"v1"');
    expect(JSON.parse(gunzipSync(await bytes(response)).toString('utf8'))).toEqual({
      items: Array(100).fill('repository'),
    });
  });

  it('leaves the answer as it is when compression is not wanted or would not help', async () => {
    const cases: [Request, Response][] = [
      [request(), html()],
      [request('identity'), html()],
      [request('gzip;q=0, br;q=0'), html()],
      [request('*, br;q=0, gzip;q=0'), html()],
      [request('gzip', 'HEAD'), html(page)],
      [request('gzip'), html(page, { 'content-encoding': 'gzip' })],
      [request('gzip'), html(page, { 'content-length': '512' })],
      [request('gzip'), html(page, { 'cache-control': 'no-transform' })],
      [request('gzip'), new Response(page, { headers: { 'content-type': 'image/png' } })],
      [request('gzip'), new Response(page, { headers: { 'content-type': 'text/event-stream' } })],
      [request('gzip'), new Response(null, { status: 204 })],
    ];
    for (const [req, original] of cases) expect(compressResponse(req, original)).toBe(original);
  });

  it('accepts a wildcard and q-values other than zero', () => {
    expect(compressResponse(request('*'), html()).headers.get('content-encoding')).toBe('br');
    expect(compressResponse(request('br;q=0, *;q=0.5'), html()).headers.get('content-encoding')).toBe('gzip');
    expect(compressResponse(request('gzip;q=0.8'), html()).headers.get('content-encoding')).toBe('gzip');
  });

  it('passes each streamed chunk on before the page has finished rendering', async () => {
    let finish: () => void = () => {};
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('<!DOCTYPE html><html><body><h1>Shell</h1>'));
        finish = () => {
          controller.enqueue(new TextEncoder().encode('<p>Deferred part</p></body></html>'));
          controller.close();
        };
      },
    });
    const response = compressResponse(request('gzip'), html(source));
    if (!response.body) throw new Error('no body');
    const reader = response.body.getReader();
    const received: Uint8Array[] = [];
    // The first chunk must decompress to the shell while the source is still open.
    while (!gunzipPrefix(received).includes('<h1>Shell</h1>')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended before the shell');
      received.push(value);
    }
    finish();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      received.push(value);
    }
    expect(gunzipSync(Buffer.concat(received)).toString('utf8')).toBe(
      '<!DOCTYPE html><html><body><h1>Shell</h1><p>Deferred part</p></body></html>',
    );
  });
});

describe('the compression switch (COMPRESSION)', () => {
  it('compresses by default', async () => {
    const compress = responseCompression(parseServerEnv({ NODE_ENV: 'test' }));
    const response = compress(request('gzip, br'), html());
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(response)).toString('utf8')).toBe(page);
  });

  it('with COMPRESSION=false, sends every answer as it is, whatever the client accepts', () => {
    const compress = responseCompression(parseServerEnv({ NODE_ENV: 'test', COMPRESSION: 'false' }));
    for (const accepted of ['gzip', 'br', 'gzip, deflate, br, zstd', '*']) {
      const original = html();
      const response = compress(request(accepted), original);
      expect(response, accepted).toBe(original);
      expect(response.headers.get('content-encoding')).toBeNull();
    }
  });
});

/** What a gzip stream cut short decompresses to so far. */
function gunzipPrefix(chunks: Uint8Array[]): string {
  try {
    return gunzipSync(Buffer.concat(chunks), { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
  } catch {
    return '';
  }
}

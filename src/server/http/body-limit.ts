import '@tanstack/react-start/server-only';

/** Bodies of server-function calls and auth requests; the largest form the app sends is a few KB. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Where the app accepts bodies: server functions and the auth API. */
export function acceptsBody(pathname: string, handlerType: string): boolean {
  return handlerType === 'serverFn' || pathname.startsWith('/api/');
}

/**
 * Refuses a body over the cap before anything reads it (413). A body without a length (chunked) is
 * refused too (411): the length header is what lets the server refuse without reading.
 */
export function bodyLimitRefusal(request: Request): Response | undefined {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return undefined;
  const length = request.headers.get('content-length');
  // Neither header: HTTP/1.1 says there is no body (a DELETE, a bodiless POST), whatever the stream says.
  if (length === null && !request.headers.has('transfer-encoding')) return undefined;
  if (length === null) {
    return Response.json({ code: 'LENGTH_REQUIRED', message: 'Length required' }, { status: 411 });
  }
  if (!/^\d+$/.test(length) || Number(length) > MAX_BODY_BYTES) {
    return Response.json({ code: 'PAYLOAD_TOO_LARGE', message: 'Payload too large' }, { status: 413 });
  }
  return undefined;
}
